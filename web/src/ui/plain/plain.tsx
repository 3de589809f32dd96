import {
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { ICONS, type IconName } from './icon-paths.ts';
import './plain.css';

/**
 * The plain kit (docs/rules.md "The family's app"): the controls of the family's page as plain
 * elements with a little CSS, so that a parent's phone loads a fraction of what antd weighs. Each
 * says what it is to a screen reader as antd's does.
 */

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** One of the kit's icons, beside words (hidden from a screen reader) or named by `label`. */
export function Icon({ name, label, style }: { name: IconName; label?: string; style?: CSSProperties }) {
  return (
    <svg
      className="tq-icon"
      viewBox="64 64 896 896"
      style={style}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

export function Spinner() {
  return <span className="tq-spin" aria-hidden />;
}

type ButtonKind = 'default' | 'primary' | 'link';

interface ButtonOwnProps {
  kind?: ButtonKind;
  size?: 'small' | 'large';
  icon?: ReactNode;
  /** Busy: a spinner, and no second press. */
  loading?: boolean;
  /** A link that looks like a button (a page of the staff app, a store, Telegram). */
  href?: string;
  target?: string;
  rel?: string;
}

export type ButtonProps = ButtonOwnProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
    type?: 'button' | 'submit';
    'data-testid'?: string;
    ref?: Ref<HTMLButtonElement>;
  };

export function Button({
  kind = 'default',
  size,
  icon,
  loading,
  href,
  target,
  rel,
  children,
  className,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = cx(
    'tq-btn',
    kind !== 'default' && `tq-btn-${kind}`,
    size && `tq-btn-${size}`,
    !children && 'tq-btn-icon',
    className,
  );
  const inside = (
    <>
      {loading ? <Spinner /> : icon}
      {children}
    </>
  );
  if (href)
    return (
      <a
        className={classes}
        href={href}
        target={target}
        rel={rel}
        style={rest.style}
        data-testid={rest['data-testid']}
        aria-label={rest['aria-label']}
      >
        {inside}
      </a>
    );
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined}>
      {inside}
    </button>
  );
}

export function Card({
  title,
  children,
  style,
  ...rest
}: {
  title?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
  'aria-label'?: string;
}) {
  return (
    <section className="tq-card" style={style} {...rest}>
      {title && <h2 className="tq-card-head">{title}</h2>}
      {children}
    </section>
  );
}

export function Title({
  level,
  children,
  style,
  id,
}: {
  level: 2 | 3 | 4;
  children: ReactNode;
  style?: CSSProperties;
  id?: string;
}) {
  const H = `h${level}` as const;
  return (
    <H className={`tq-h${level}`} style={style} id={id}>
      {children}
    </H>
  );
}

type Tone = 'secondary' | 'success' | 'danger' | 'warning';

export function Text({
  tone,
  strong,
  italic,
  children,
  style,
  ...rest
}: {
  tone?: Tone;
  strong?: boolean;
  italic?: boolean;
  children: ReactNode;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
}) {
  return (
    <span
      className={cx(tone && `tq-${tone}`, strong && 'tq-strong')}
      style={italic ? { fontStyle: 'italic', ...style } : style}
      {...rest}
    >
      {children}
    </span>
  );
}

export function Tag({
  color,
  icon,
  children,
  style,
}: {
  color?: 'red' | 'green' | 'gold';
  icon?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <span className={cx('tq-tag', color && `tq-tag-${color}`)} style={style}>
      {icon}
      {icon && ' '}
      {children}
    </span>
  );
}

const ALERT_ICONS: Record<'error' | 'warning' | 'info' | 'success', { name: IconName; color: string }> = {
  error: { name: 'close', color: '#cf1322' },
  warning: { name: 'warning', color: '#ad6800' },
  info: { name: 'bell', color: '#0958d9' },
  success: { name: 'checkCircle', color: '#237804' },
};

/** A message in a box: an error or a warning is said at once (role alert), the rest politely. */
export function Alert({
  type,
  message,
  description,
  action,
  style,
  ...rest
}: {
  type: 'error' | 'warning' | 'info' | 'success';
  message: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const icon = ALERT_ICONS[type];
  return (
    <div
      className={`tq-alert tq-alert-${type}`}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      style={style}
      {...rest}
    >
      <Icon name={icon.name} style={{ color: icon.color, alignSelf: 'flex-start', marginTop: 4 }} />
      <div className="tq-alert-body">
        <div>{message}</div>
        {description && <div style={{ marginTop: 6 }}>{description}</div>}
      </div>
      {action}
    </div>
  );
}

/** Lines standing for what is loading, named for a screen reader. */
export function Loading({ rows = 2, label }: { rows?: number; label: string }) {
  return (
    <div className="tq-loading" role="status" aria-busy="true" aria-label={label} data-testid="loading">
      {Array.from({ length: rows + 1 }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}

export function Checkbox({
  checked,
  onChange,
  disabled,
  children,
  'aria-label': ariaLabel,
  name,
  value,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  children?: ReactNode;
  'aria-label'?: string;
  name?: string;
  value?: string;
}) {
  return (
    <label className="tq-check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-label={ariaLabel}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children && <span>{children}</span>}
    </label>
  );
}

/** One of a few choices shown side by side (radio buttons, arrows move between them). */
export function Segmented<V extends string>({
  value,
  onChange,
  options,
  label,
}: {
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: ReactNode }[];
  label: string;
}) {
  const name = useId();
  return (
    <fieldset className="tq-seg" aria-label={label} role="radiogroup">
      {options.map((o) => (
        <label key={o.value}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** 1 to 5 stars, each a radio named by its words («Хорошо»); the chosen one and those before it lit. */
export function Stars({
  value,
  onChange,
  names,
  disabled,
  labelledBy,
}: {
  value: number;
  onChange: (value: number) => void;
  names: readonly string[];
  disabled?: boolean;
  labelledBy: string;
}) {
  const group = useId();
  return (
    <fieldset
      className="tq-stars"
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-disabled={disabled || undefined}
      disabled={disabled}
    >
      {names.map((title, i) => (
        <label key={title} className={i < value ? 'tq-star-on' : undefined} title={title}>
          <input
            type="radio"
            name={group}
            value={i + 1}
            checked={value === i + 1}
            aria-label={title}
            onChange={() => onChange(i + 1)}
          />
          <span aria-hidden>★</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A part that opens on a tap (a `<details>`): what it holds is drawn while it is open. */
export function Folded({
  summary,
  children,
  onToggle,
  style,
  ...rest
}: {
  summary: ReactNode;
  children: ReactNode;
  onToggle?: (open: boolean) => void;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="tq-folded"
      style={style}
      onToggle={(e) => {
        setOpen(e.currentTarget.open);
        onToggle?.(e.currentTarget.open);
      }}
      {...rest}
    >
      <summary>{summary}</summary>
      {open && children}
    </details>
  );
}

export function Avatar({
  src,
  size,
  square,
  fallback,
  style,
}: {
  src?: string | null;
  size: number;
  square?: boolean;
  fallback: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <span
      className={cx('tq-avatar', square && 'tq-avatar-square')}
      style={{ width: size, height: size, fontSize: size / 2.2, ...style }}
    >
      {src ? <img src={src} alt="" /> : fallback}
    </span>
  );
}

/** A labelled text field (one line or several), its error under it and said with it. */
export function Field({
  label,
  error,
  multiline,
  count,
  ...rest
}: {
  label: string;
  error?: string | null;
  multiline?: boolean;
  /** Shows «12 / 500» under a field with a `maxLength`. */
  count?: boolean;
} & TextareaHTMLAttributes<HTMLTextAreaElement> & { inputMode?: 'numeric' | 'text' }) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    className: 'tq-field',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  const length = typeof rest.value === 'string' ? rest.value.length : 0;
  return (
    <div style={{ marginBottom: 16 }}>
      <label className="tq-label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...rest} {...common} />
      ) : (
        <input {...(rest as unknown as React.InputHTMLAttributes<HTMLInputElement>)} {...common} type="text" />
      )}
      {count && rest.maxLength && (
        <div className="tq-count" aria-hidden>
          {length} / {rest.maxLength}
        </div>
      )}
      {error && (
        <div className="tq-field-error" id={errorId} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * A question before something is removed: a modal dialog (the browser's `<dialog>`) with «Да» and
 * «Нет», the focus on «Нет», given back to the button that asked when it closes.
 */
export function ConfirmButton({
  question,
  label,
  yes,
  no,
  onConfirm,
  children,
}: {
  question: string;
  label: string;
  yes: string;
  no: string;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    dialog.current?.showModal();
    cancel.current?.focus();
  }, [open]);
  const close = () => {
    dialog.current?.close();
    setOpen(false);
  };
  return (
    <>
      <Button aria-label={label} title={label} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {open && (
        <dialog ref={dialog} className="tq-dialog" aria-label={question} onClose={() => setOpen(false)}>
          <p style={{ marginTop: 0 }}>{question}</p>
          <div className="tq-row" style={{ justifyContent: 'flex-end' }}>
            <Button ref={cancel} onClick={close} disabled={busy}>
              {no}
            </Button>
            <Button
              kind="primary"
              loading={busy}
              onClick={() => {
                setBusy(true);
                onConfirm().then(
                  () => {
                    setBusy(false);
                    close();
                  },
                  () => setBusy(false),
                );
              }}
            >
              {yes}
            </Button>
          </div>
        </dialog>
      )}
    </>
  );
}

type ToastType = 'success' | 'error' | 'warning';

/**
 * A short message at the top of the page that goes by itself (antd's `message`): said by a screen
 * reader as it appears, never taking the focus.
 */
export function toast(type: ToastType, text: string): void {
  let host = document.querySelector<HTMLElement>('.tq-toasts');
  if (!host) {
    host = document.createElement('div');
    host.className = 'tq-toasts';
    host.setAttribute('role', 'status');
    host.setAttribute('aria-live', 'polite');
    document.body.appendChild(host);
  }
  const item = document.createElement('div');
  item.className = `tq-toast tq-toast-${type}`;
  item.textContent = text;
  host.appendChild(item);
  setTimeout(() => item.remove(), type === 'error' ? 6000 : 3000);
}
