import { Text, type TextProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import classes from './UserText.module.css';

/*
 * Text people wrote — titles, abstracts, names, affiliations, keywords, reviews, event names and descriptions — is
 * laid out in its own direction: English inside the Arabic interface reads left to right, Arabic inside the English
 * one right to left. Every screen shows it through these helpers:
 * - `UserText`: a block of it (Mantine's Text with `dir="auto"`; `multiline` keeps its paragraphs, each in its
 *   own direction);
 * - `UserInline`: a run of it inside an interface sentence ("Submitted to {event}"), isolated in a <bdi>, and
 *   `isolate` for the same inside a plain string (a translated sentence, a notification);
 * - `USER_DIR`: `dir="auto"` for other components that show it as a block (Title, Badge, Anchor, table cells…);
 * - `USER_INPUT_CLASS_NAMES`, `USER_CHOICE_CLASS_NAMES`: inputs, and the options and chips of pickers, whose
 *   value takes its own direction while the field keeps the page's layout.
 */

/** `dir="auto"` for a component or element that shows user text as a block and takes the attribute. */
export const USER_DIR = { dir: 'auto' } as const;

type UserTextProps = TextProps &
  Omit<ComponentPropsWithoutRef<'p'>, keyof TextProps | 'dir'> & {
    /** Keeps the text's line breaks, each paragraph in its own direction (abstracts, reviews, descriptions). */
    multiline?: boolean;
  };

/** A block of user text, in its own direction. */
export function UserText({ multiline = false, className, ...props }: UserTextProps) {
  const classNames = [multiline ? classes.multiline : '', className ?? ''].filter(Boolean).join(' ');
  return <Text {...USER_DIR} className={classNames || undefined} {...props} />;
}

/** A run of user text inside a sentence of the interface: isolated, in its own direction. */
export function UserInline({ children }: { children: ReactNode }) {
  return <bdi>{children}</bdi>;
}

/**
 * User text inside a plain string of the interface (a translated sentence, a tab title, a notification): wrapped in
 * the first-strong isolate and pop-directional isolate characters, the string form of <bdi>.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** `classNames` of an input showing user text (TextInput, Textarea, PillsInput's field…). */
export const USER_INPUT_CLASS_NAMES = { input: classes.plaintext };

/** `className` of an element or component part showing user text that cannot take `dir` (a chip, a bare field). */
export const USER_TEXT_CLASS = classes.plaintext;

/** `classNames` of a picker whose value, options and chips are user text (Select, MultiSelect, TagsInput). */
export const USER_CHOICE_CLASS_NAMES = {
  input: classes.plaintext,
  inputField: classes.plaintext,
  option: classes.plaintext,
  pill: classes.plaintext,
};
