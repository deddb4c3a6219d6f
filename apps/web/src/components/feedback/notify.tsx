import { TOAST_AUTO_CLOSE_MS } from '@confero/contracts';
import { notifications } from '@mantine/notifications';
import { CircleCheck, CircleExclamationPoint, CircleX, Info, type LucideIcon } from 'lucide-react';
import { i18n } from '../../i18n.ts';

/** The toast types: success, error, warning and info, each with its colour and icon. */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

const STYLE: Record<ToastType, { color: string; icon: LucideIcon }> = {
  success: { color: 'teal', icon: CircleCheck },
  error: { color: 'red', icon: CircleX },
  warning: { color: 'orange', icon: CircleExclamationPoint },
  info: { color: 'brand', icon: Info },
};

/** Shows a toast at the top right; it closes by itself after 5000 ms. */
export function notify(type: ToastType, message: string, title?: string) {
  const { color, icon: Icon } = STYLE[type];
  notifications.show({
    color,
    icon: <Icon size={18} />,
    title: title ?? i18n.t(`toast.${type}`),
    message,
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
  });
}
