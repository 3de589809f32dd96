import { useEffect, useState } from 'react';
import './sr-only.css';

/** What a screen reader is to say for an error under a field: «label: error». */
function spoken(error: Element): string {
  const label = error.closest('.ant-form-item')?.querySelector('.ant-form-item-label label')?.textContent?.trim();
  const text = error.textContent?.trim() ?? '';
  return label ? `${label}: ${text}` : text;
}

/**
 * Says a form field's error aloud as it appears. antd draws it under the field and ties it to the
 * input (aria-describedby), which a screen reader reads only when it comes back to that field: after
 * Enter, a person who cannot see the form heard nothing. One live region for the whole app, filled
 * with the errors drawn or changed since it last spoke, each with its field's label.
 */
export function FieldErrorAnnouncer() {
  const [text, setText] = useState('');
  useEffect(() => {
    const said = new WeakMap<Element, string>();
    let frame = 0;
    const look = () => {
      frame = 0;
      const fresh: string[] = [];
      for (const error of document.querySelectorAll('.ant-form-item-explain-error')) {
        const words = spoken(error);
        if (words && said.get(error) !== words) fresh.push(words);
        said.set(error, words);
      }
      if (fresh.length) setText(fresh.join('. '));
    };
    // Looked at once a frame at most, whatever the screen changes in between.
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(look);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <div className="tq-sr-only" aria-live="assertive" aria-atomic="true" data-testid="field-errors-spoken">
      {text}
    </div>
  );
}
