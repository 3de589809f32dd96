import { queryOptions, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect } from 'react';
import { i18n } from '../i18n/texts.ts';
import { useStructureWords } from '../lib/structure-words.ts';
import { callEndpoint } from '../lib/endpoint-client.ts';
import { nameMatches, nameText } from './content-name.tsx';

export const schoolOptionsKey = (organizationId?: number | null) =>
  ['schools', 'options', organizationId ?? null] as const;

export const schoolOptionsQuery = (organizationId?: number | null) =>
  queryOptions({
    queryKey: schoolOptionsKey(organizationId),
    queryFn: ({ signal }) =>
      callEndpoint(
        'schools',
        'list',
        { query: { limit: 1000, organizationId: organizationId ?? undefined } },
        { signal },
      ),
    staleTime: 60_000,
  });

export interface SchoolSelectProps {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  organizationId?: number | null;
  /** Offer "all" (null) instead of choosing the first school by itself. */
  allowAll?: boolean;
  allLabel?: string;
  style?: React.CSSProperties;
}

/**
 * The school picker of many screens: the first school is chosen by default (docs/product.md "Roles") unless "all"
 * is allowed. A user locked to a school never sees it: the screen hides it (the server scopes anyway).
 */
export function SchoolSelect({ value, onChange, organizationId, allowAll, allLabel, style }: SchoolSelectProps) {
  const words = useStructureWords();
  const { data, isLoading } = useQuery(schoolOptionsQuery(organizationId));
  const rows = data?.rows ?? [];
  const first = rows[0]?.id;
  useEffect(() => {
    if (!allowAll && (value === null || value === undefined) && first !== undefined) onChange(first);
  }, [allowAll, value, first, onChange]);
  const options = [
    ...(allowAll ? [{ value: 0, label: allLabel ?? words.schools }] : []),
    ...rows.map((s) => ({ value: s.id, label: nameText(s), school: s })),
  ];
  return (
    <Select
      data-testid="school-select"
      aria-label={words.chooseSchool}
      placeholder={words.chooseSchool}
      loading={isLoading}
      // While the list loads its dropdown says so, not «Нет данных».
      notFoundContent={isLoading ? <Spin size="small" aria-label={i18n.ui.loading} /> : undefined}
      value={value ?? (allowAll ? 0 : undefined)}
      onChange={(v: number) => onChange(v === 0 ? null : v)}
      options={options}
      // Typed in either language: «мектеп» finds a school named «Школа» in Russian and «мектеп» in Kazakh.
      showSearch={{
        filterOption: (input, option) => {
          const text = input.trim().toLocaleLowerCase('ru');
          const match = (name: string) => name.toLocaleLowerCase('ru').includes(text);
          return option && 'school' in option ? nameMatches(option.school, match) : match(String(option?.label ?? ''));
        },
      }}
      style={{ minWidth: 220, ...style }}
    />
  );
}
