import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './Logo.module.css';

/** The brand mark: the same drawing as the favicon. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4853e8" />
          <stop offset="1" stopColor="#7950f2" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path d="M21.5 10.6a7.5 7.5 0 1 0 0 10.8" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
      <circle cx="22" cy="16" r="2.2" fill="#fff" />
    </svg>
  );
}

/** Logo and wordmark, linking home (the landing page, or the dashboard inside the app). */
export function Logo({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={classes.logo} aria-label={t('app.homeLink')}>
      <Group gap={10} wrap="nowrap">
        <LogoMark />
        <Text component="span" className={classes.wordmark}>
          Confero
        </Text>
      </Group>
    </Link>
  );
}
