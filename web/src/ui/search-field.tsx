import { Flex, Input, Typography, type GetProps, type InputRef } from 'antd';
import { useId, type Ref } from 'react';
import { i18n } from '../i18n/texts.ts';
import { useMediaQuery } from './use-media-query.ts';

/** A phone, or a desktop zoomed to 400 %: about 320 px of room. */
export const NARROW_QUERY = '(max-width: 575px)';
/** Longer names than this do not fit a search field on a narrow screen. */
const FITS_NARROW = 24;

export type SearchFieldProps = Omit<GetProps<typeof Input.Search>, 'placeholder' | 'aria-label'> & {
  /** What the field searches, said in the field and as its name («Поиск по ФИО или номеру карты»). */
  label: string;
  ref?: Ref<InputRef>;
};

/**
 * A search field named by what it searches. Where that name would be cut (a phone, a screen zoomed
 * in), the field says «Поиск» and the whole name is written beneath it, still its accessible name.
 */
export function SearchField({ label, style, ...props }: SearchFieldProps) {
  const narrow = useMediaQuery(NARROW_QUERY) && label.length > FITS_NARROW;
  const hint = useId();
  if (!narrow) return <Input.Search {...props} placeholder={label} aria-label={label} style={style} />;
  return (
    <Flex vertical gap={2} style={{ flex: '1 1 100%', minWidth: 0, marginBottom: style?.marginBottom }}>
      <Input.Search {...props} placeholder={i18n.ui.search} aria-label={label} aria-describedby={hint} />
      <Typography.Text type="secondary" id={hint} style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
    </Flex>
  );
}
