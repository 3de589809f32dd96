import type { ChildMeal } from '@tamaq/contract/family';
import { RATING_COMMENT_MAX } from '@tamaq/contract/family-limits';
import { useState } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { errorText } from '../lib/api-error.ts';
import { Button, Field, Stars, Text, toast } from '../ui/plain/plain.tsx';
import { useRateMeal } from './api/rate-meal.ts';

const t = i18n.landing.children.rating;

/**
 * Today's meal rated by the parent (docs/rules.md "Ratings"): stars saved at once, a comment when
 * wanted; changeable all day.
 */
export function MealRating({ childId, meal }: { childId: number; meal: ChildMeal }) {
  const rate = useRateMeal(childId, meal.id);
  const [writing, setWriting] = useState(false);
  const [comment, setComment] = useState(meal.rating?.comment ?? '');
  const score = meal.rating?.score ?? 0;
  const save = (next: number, text: string | null) =>
    rate.mutate(
      { score: next, comment: text },
      {
        onSuccess: () => {
          toast('success', t.thanks);
          setWriting(false);
        },
        onError: (err) => toast('error', errorText(err)),
      },
    );
  return (
    <div className="tq-stack" style={{ gap: 4, margin: '4px 0 8px' }} data-testid="meal-rating">
      <div className="tq-row">
        <Text tone="secondary" id={`rate-${meal.id}`}>
          {t.label}
        </Text>
        <Stars
          value={score}
          names={t.stars}
          disabled={rate.isPending}
          labelledBy={`rate-${meal.id}`}
          onChange={(v) => save(v, meal.rating?.comment ?? null)}
        />
        {!writing && (
          <Button kind="link" onClick={() => setWriting(true)}>
            {meal.rating?.comment ? t.editComment : t.addComment}
          </Button>
        )}
      </div>
      {meal.rating?.comment && !writing && <Text italic>«{meal.rating.comment}»</Text>}
      {writing && (
        <div>
          <Field
            multiline
            label={t.comment}
            rows={2}
            maxLength={RATING_COMMENT_MAX}
            count
            placeholder={t.placeholder}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <div className="tq-row">
            <Button
              kind="primary"
              size="small"
              loading={rate.isPending}
              disabled={score === 0}
              onClick={() => save(score, comment.trim() || null)}
            >
              {t.save}
            </Button>
            {score === 0 && <Text tone="secondary">{t.chooseStars}</Text>}
          </div>
        </div>
      )}
    </div>
  );
}
