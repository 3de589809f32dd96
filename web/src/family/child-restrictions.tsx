import { LoadFailed } from './load-failed.tsx';
import { ALLERGEN_NAMES, ALLERGENS, DIET_NAMES, DIETS, type Allergen, type Diet } from '@tamaq/contract/allergens';
import type { ChildRestrictions as Restrictions } from '@tamaq/contract/family';
import { RESTRICTION_NOTE_MAX } from '@tamaq/contract/family-limits';
import { useState, type FormEvent } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { formatVisitTime } from '../lib/visit-time.ts';
import { Alert, Button, Checkbox, Field, Loading, Tag, Text, Title, toast } from '../ui/plain/plain.tsx';
import { useChildRestrictions, useSetChildRestrictions } from './api/child-restrictions.ts';
import { formErrorsOf } from './form-errors.ts';

const t = i18n.landing.children.restrictions;

function Summary({ r, timeZone }: { r: Restrictions; timeZone: string }) {
  const names = [...r.allergens.map((a) => ALLERGEN_NAMES[a]), ...r.diets.map((d) => DIET_NAMES[d])];
  return (
    <div className="tq-stack" style={{ gap: 4 }} data-testid="child-restrictions-summary">
      {names.length === 0 && !r.note ? (
        <Text tone="secondary">{t.none}</Text>
      ) : (
        <div>
          {names.map((n) => (
            <Tag key={n} color="red" style={{ whiteSpace: 'normal' }}>
              {n}
            </Tag>
          ))}
        </div>
      )}
      {r.note && <Text>«{r.note}»</Text>}
      {r.set_at && <Text tone="secondary">{t.setBy(r.set_by ?? '—', formatVisitTime(r.set_at, timeZone))}</Text>}
      {r.set_at && (
        <Text tone={r.confirmed ? 'success' : 'secondary'}>
          {r.confirmed ? t.confirmed(r.confirmed.by, formatVisitTime(r.confirmed.at, timeZone)) : t.unconfirmed}
        </Text>
      )}
    </div>
  );
}

/** Boxes of one list (allergens, diets) under their legend, its error under them. */
function Choices<C extends string>({
  legend,
  codes,
  names,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  codes: readonly C[];
  names: Record<C, string>;
  chosen: C[];
  onChange: (next: C[]) => void;
  error?: string;
}) {
  return (
    <fieldset style={{ border: 0, margin: '0 0 16px', padding: 0 }}>
      <legend className="tq-label" style={{ padding: 0 }}>
        {legend}
      </legend>
      <div style={{ display: 'grid', gap: 6 }}>
        {codes.map((code) => (
          <Checkbox
            key={code}
            checked={chosen.includes(code)}
            onChange={(on) => onChange(on ? [...chosen, code] : chosen.filter((c) => c !== code))}
          >
            {names[code]}
          </Checkbox>
        ))}
      </div>
      {error && (
        <div className="tq-field-error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}

const FIELDS = ['allergens', 'diets', 'note'] as const;

function RestrictionsForm({ childId, r, onDone }: { childId: number; r: Restrictions; onDone: () => void }) {
  const save = useSetChildRestrictions(childId);
  const [allergens, setAllergens] = useState<Allergen[]>(r.allergens);
  const [diets, setDiets] = useState<Diet[]>(r.diets);
  const [note, setNote] = useState(r.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      // Kept in the list's order, whatever order they were ticked in.
      await save.mutateAsync({
        allergens: ALLERGENS.filter((a) => allergens.includes(a)),
        diets: DIETS.filter((d) => diets.includes(d)),
        note,
      });
      toast('success', t.saved);
      onDone();
    } catch (err) {
      const { byField, other } = formErrorsOf(err, FIELDS);
      setErrors(byField);
      if (other) toast('error', other);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="child-restrictions-form" noValidate>
      <Choices
        legend={t.allergens}
        codes={ALLERGENS}
        names={ALLERGEN_NAMES}
        chosen={allergens}
        onChange={setAllergens}
        error={errors.allergens}
      />
      <Choices
        legend={t.diets}
        codes={DIETS}
        names={DIET_NAMES}
        chosen={diets}
        onChange={setDiets}
        error={errors.diets}
      />
      <Field
        multiline
        label={t.note}
        rows={3}
        maxLength={RESTRICTION_NOTE_MAX}
        count
        placeholder={t.notePlaceholder}
        value={note}
        error={errors.note}
        onChange={(e) => setNote(e.target.value)}
      />
      {r.confirmed && <Alert type="warning" message={t.changeClears} style={{ marginBottom: 12 }} />}
      <div className="tq-row">
        <Button kind="primary" type="submit" loading={save.isPending}>
          {t.save}
        </Button>
        <Button onClick={onDone} disabled={save.isPending}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The child's food restrictions as the parent sets them (docs/rules.md "Restrictions and
 * allergens"): allergens of the label law's list, diets and a note; who set them and whether the
 * school confirmed them by a medical certificate.
 */
export function ChildRestrictions({ childId, timeZone }: { childId: number; timeZone: string }) {
  const restrictions = useChildRestrictions(childId);
  const [editing, setEditing] = useState(false);
  const r = restrictions.data;
  const empty = r && r.allergens.length === 0 && r.diets.length === 0 && !r.note;
  return (
    <section aria-label={t.title} data-testid="child-restrictions" style={{ marginTop: 16 }}>
      <div className="tq-row" style={{ justifyContent: 'space-between', marginBottom: 8 }}>
        <Title level={4}>{t.title}</Title>
        {r && !editing && <Button onClick={() => setEditing(true)}>{empty ? t.set : t.edit}</Button>}
      </div>
      {restrictions.isError && !r ? (
        <LoadFailed message={t.loadFailed} retry={restrictions.refetch} />
      ) : !r ? (
        <Loading rows={1} label={i18n.ui.loading} />
      ) : editing ? (
        <RestrictionsForm childId={childId} r={r} onDone={() => setEditing(false)} />
      ) : (
        <Summary r={r} timeZone={timeZone} />
      )}
    </section>
  );
}
