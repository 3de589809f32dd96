import { Flex, Typography } from 'antd';
import { useId } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { LABELS_PER_SHEET } from './book-labels.tsx';

const t = i18n.library.labelStart;
const COLUMNS = 3;

/**
 * The first free cell of a label sheet already begun (3 × 8, counted row by row from the top left):
 * the cells before it print blank, so a half-used sheet is not wasted. 1 is a new sheet.
 */
export function LabelStartPicker({ value, onChange }: { value: number; onChange: (start: number) => void }) {
  const titleId = useId();
  return (
    <Flex vertical gap={6} data-testid="label-start">
      <Typography.Text id={titleId}>{t.title}</Typography.Text>
      <div
        role="group"
        aria-labelledby={titleId}
        style={{ display: 'grid', gridTemplateColumns: `repeat(${COLUMNS}, 30px)`, gap: 3, width: 'max-content' }}
      >
        {Array.from({ length: LABELS_PER_SHEET }, (_, k) => {
          const cell = k + 1;
          const used = cell < value;
          const first = cell === value;
          return (
            <button
              key={cell}
              type="button"
              aria-pressed={first}
              aria-label={t.cell(cell, Math.floor(k / COLUMNS) + 1, (k % COLUMNS) + 1)}
              onClick={() => onChange(cell)}
              style={{
                width: 30,
                height: 16,
                padding: 0,
                cursor: 'pointer',
                borderRadius: 2,
                border: `1px solid ${first ? '#1d6b40' : '#8c8c8c'}`,
                background: used ? '#d9d9d9' : first ? '#237a48' : '#fff',
                backgroundImage: used
                  ? 'repeating-linear-gradient(45deg, transparent 0 3px, rgba(0,0,0,0.25) 3px 4px)'
                  : undefined,
              }}
            />
          );
        })}
      </div>
      <Typography.Text type="secondary" data-testid="label-start-text">
        {value === 1 ? t.fromStart : t.fromCell(value)}
      </Typography.Text>
    </Flex>
  );
}
