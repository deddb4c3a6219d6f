import classes from './LtrValue.module.css';

/** `classNames` for an e-mail or URL input: its value reads left to right, also in right-to-left pages. */
export const LTR_VALUE_CLASS_NAMES = { input: classes.input };
