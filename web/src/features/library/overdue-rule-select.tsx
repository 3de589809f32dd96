import type { OverdueRule } from '@tamaq/contract/library';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Select, Typography } from 'antd';
import { useId, useRef } from 'react';
import type { RefSelectProps } from 'antd/es/select';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { desk } from './api/desk.ts';

const t = i18n.library.issuance;
const key = (schoolId: number) => ['library-settings', schoolId] as const;

/**
 * The school's rule at the desk for a student with overdue books: warn and issue, or refuse until
 * they are back. Saved at once for the school; `onSaved` tells the desk, whose student keeps it.
 */
export function OverdueRuleSelect({ schoolId, onSaved }: { schoolId: number; onSaved: (rule: OverdueRule) => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const labelId = useId();
  // Once chosen, the focus leaves the list: the next scan goes to the desk, not into it.
  const select = useRef<RefSelectProps>(null);
  const settings = useQuery({ queryKey: key(schoolId), queryFn: ({ signal }) => desk.settings(schoolId, signal) });
  const save = useMutation({
    mutationFn: (rule: OverdueRule) => desk.saveSettings(schoolId, rule),
    onSuccess: (saved) => {
      queryClient.setQueryData(key(schoolId), saved);
      onSaved(saved.overdue_rule);
      void message.success(t.overdueRuleSaved);
    },
    onError: (err) => void message.error(errorText(err)),
  });
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text id={labelId}>{t.overdueRule}:</Typography.Text>
      <Select<OverdueRule>
        aria-labelledby={labelId}
        data-testid="overdue-rule"
        loading={settings.isLoading || save.isPending}
        disabled={!settings.data || save.isPending}
        value={save.isPending ? save.variables : settings.data?.overdue_rule}
        ref={select}
        onChange={(rule) => {
          save.mutate(rule);
          select.current?.blur();
        }}
        options={[
          { value: 'warn', label: t.overdueRuleWarn },
          { value: 'refuse', label: t.overdueRuleRefuse },
        ]}
        style={{ minWidth: 240 }}
      />
    </Flex>
  );
}
