import { queryOptions, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { i18n } from '../i18n/texts.ts';
import { useStructureWords } from '../lib/structure-words.ts';
import { callEndpoint } from '../lib/endpoint-client.ts';
import { nameMatches, nameText } from './content-name.tsx';

export const classroomOptionsQuery = (schoolId: number | null | undefined) =>
  queryOptions({
    queryKey: ['classrooms', 'options', schoolId ?? null] as const,
    queryFn: ({ signal }) =>
      callEndpoint('classrooms', 'list', { query: { limit: 1000, schoolId: schoolId ?? undefined } }, { signal }),
    enabled: !!schoolId,
    staleTime: 30_000,
  });

export interface ClassroomSelectProps {
  schoolId: number | null | undefined;
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  /** Offer "all classes" (null). */
  allowAll?: boolean;
  style?: React.CSSProperties;
  disabled?: boolean;
}

/** The classes of one school (up to 1000, docs/product.md "Limits"), with an optional "all classes" entry. */
export function ClassroomSelect({ schoolId, value, onChange, allowAll, style, disabled }: ClassroomSelectProps) {
  const words = useStructureWords();
  const { data, isLoading } = useQuery(classroomOptionsQuery(schoolId));
  const options = [
    ...(allowAll ? [{ value: 0, label: words.allClassrooms }] : []),
    ...(data?.rows ?? []).map((c) => ({ value: c.id, label: nameText(c), classroom: c })),
  ];
  return (
    <Select
      data-testid="classroom-select"
      aria-label={words.chooseClassroom}
      placeholder={words.chooseClassroom}
      loading={isLoading}
      // While the list loads its dropdown says so, not «Нет данных».
      notFoundContent={isLoading ? <Spin size="small" aria-label={i18n.ui.loading} /> : undefined}
      disabled={disabled || !schoolId}
      value={value ?? (allowAll ? 0 : undefined)}
      onChange={(v: number) => onChange(v === 0 ? null : v)}
      options={options}
      // Typed in either language: «күншуақ» finds the group «Солнышко» named «Күншуақ» in Kazakh.
      showSearch={{
        filterOption: (input, option) => {
          const text = input.trim().toLocaleLowerCase('ru');
          const match = (name: string) => name.toLocaleLowerCase('ru').includes(text);
          return option && 'classroom' in option
            ? nameMatches(option.classroom, match)
            : match(String(option?.label ?? ''));
        },
      }}
      allowClear={!allowAll}
      onClear={() => onChange(null)}
      style={{ minWidth: 180, ...style }}
    />
  );
}
