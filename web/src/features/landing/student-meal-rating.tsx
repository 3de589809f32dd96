import type { ChildMeal } from '@tamaq/contract/family';
import { RATING_COMMENT_MAX } from '@tamaq/contract/family-limits';
import { App, Button, Flex, Input, Rate, Typography } from 'antd';
import { useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { useRateOwnMeal } from './student-api.ts';

const t = i18n.landing.children.rating;

/**
 * A pupil's own meal of today rated by the pupil (docs/rules.md "Ratings"): stars saved at once, a
 * comment when wanted; changeable all day.
 */
export function StudentMealRating({ meal }: { meal: ChildMeal }) {
  const rate = useRateOwnMeal(meal.id);
  const { message } = App.useApp();
  const [writing, setWriting] = useState(false);
  const [comment, setComment] = useState(meal.rating?.comment ?? '');
  const score = meal.rating?.score ?? 0;
  const save = (next: number, text: string | null) =>
    rate.mutate(
      { score: next, comment: text },
      {
        onSuccess: () => {
          void message.success(t.thanks);
          setWriting(false);
        },
        onError: (err) => void message.error(errorText(err)),
      },
    );
  return (
    <Flex vertical gap={4} style={{ margin: '4px 0 8px' }} data-testid="meal-rating">
      <Flex align="center" gap={8} wrap>
        <Typography.Text type="secondary" id={`rate-${meal.id}`}>
          {t.label}
        </Typography.Text>
        <Rate
          value={score}
          tooltips={[...t.stars]}
          disabled={rate.isPending}
          allowClear={false}
          aria-labelledby={`rate-${meal.id}`}
          onChange={(v) => save(v, meal.rating?.comment ?? null)}
        />
        {!writing && (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setWriting(true)}>
            {meal.rating?.comment ? t.editComment : t.addComment}
          </Button>
        )}
      </Flex>
      {meal.rating?.comment && !writing && <Typography.Text italic>«{meal.rating.comment}»</Typography.Text>}
      {writing && (
        <Flex vertical gap={6}>
          <Input.TextArea
            aria-label={t.comment}
            rows={2}
            maxLength={RATING_COMMENT_MAX}
            showCount
            placeholder={t.placeholder}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <Flex gap={8} align="center">
            <Button
              type="primary"
              size="small"
              loading={rate.isPending}
              disabled={score === 0}
              onClick={() => save(score, comment.trim() || null)}
            >
              {t.save}
            </Button>
            {score === 0 && <Typography.Text type="secondary">{t.chooseStars}</Typography.Text>}
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
