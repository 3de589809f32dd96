import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/texts.ts';
import { pageCount, pageOfOffset, paginationWindow } from './pagination.ts';
import { useIsMobile } from './use-is-mobile.ts';

export interface PagerProps {
  total: number;
  limit: number;
  offset: number;
  onChange: (offset: number) => void;
}

interface StepProps {
  label: string;
  icon: ReactNode;
  page: number;
  disabled: boolean;
  go: (page: number) => void;
}

function Step({ label, icon, page, disabled, go }: StepProps) {
  return (
    <Button size="small" icon={icon} aria-label={label} title={label} disabled={disabled} onClick={() => go(page)} />
  );
}

/**
 * First / previous, a window of page numbers, next / last (docs/product.md "Limits"), plus "1–30 из 245" so staff
 * know how much the list holds. Renders nothing when everything fits on one page.
 */
export function Pager({ total, limit, offset, onChange }: PagerProps) {
  const mobile = useIsMobile();
  const pages = pageCount(total, limit);
  if (pages <= 1) return null;
  const current = Math.min(pageOfOffset(offset, limit), pages);
  const go = (page: number) => {
    if (page !== current) onChange((page - 1) * limit);
  };
  const from = (current - 1) * limit + 1;
  const to = Math.min(total, current * limit);
  return (
    <Flex
      component="nav"
      aria-label={i18n.ui.pager.label}
      gap={4}
      wrap
      align="center"
      justify="flex-end"
      style={{ marginTop: 12 }}
    >
      {!mobile && (
        <Typography.Text type="secondary" style={{ marginRight: 8 }}>
          {i18n.ui.pager.range(from, to, total)}
        </Typography.Text>
      )}
      <Step label={i18n.ui.pager.first} icon={<DoubleLeftOutlined />} page={1} disabled={current === 1} go={go} />
      <Step label={i18n.ui.pager.prev} icon={<LeftOutlined />} page={current - 1} disabled={current === 1} go={go} />
      {paginationWindow(current, pages, mobile).map((page) => (
        <Button
          key={page}
          size="small"
          type={page === current ? 'primary' : 'default'}
          aria-label={i18n.ui.pager.page(page)}
          aria-current={page === current ? 'page' : undefined}
          onClick={() => go(page)}
        >
          {page}
        </Button>
      ))}
      <Step
        label={i18n.ui.pager.next}
        icon={<RightOutlined />}
        page={current + 1}
        disabled={current === pages}
        go={go}
      />
      <Step
        label={i18n.ui.pager.last}
        icon={<DoubleRightOutlined />}
        page={pages}
        disabled={current === pages}
        go={go}
      />
    </Flex>
  );
}
