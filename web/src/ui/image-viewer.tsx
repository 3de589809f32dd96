import { EyeOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Image } from 'antd';
import { useEffect, useState } from 'react';
import { i18n } from '../i18n/texts.ts';

export interface ThumbProps {
  url?: string | null;
  /** Side in px; the spec caps pupil thumbnails at 100. */
  size?: number;
  alt?: string;
  shape?: 'circle' | 'square';
}

/**
 * A small photo in a table row that opens enlarged on click (Esc closes it), so a cashier can
 * check a face against the person at the counter. Without a photo, a neutral placeholder.
 *
 * Esc is heard here, not only by antd: antd closes the preview on Esc only while it is the top
 * entry of its overlays' stack, and in a browser test on a busy machine the preview once stayed
 * open through 15 s of Esc presses.
 */
export function Thumb({ url, size = 40, alt = i18n.ui.thumb.photo, shape = 'square' }: ThumbProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  const radius = shape === 'circle' ? '50%' : 4;
  if (!url) {
    return (
      <span role="img" aria-label={i18n.ui.thumb.noPhoto} title={i18n.ui.thumb.noPhoto}>
        <Avatar size={size} shape={shape} icon={<UserOutlined />} />
      </span>
    );
  }
  return (
    <Image
      src={url}
      alt={alt}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: radius }}
      preview={{ cover: <EyeOutlined aria-hidden />, open, onOpenChange: setOpen }}
    />
  );
}
