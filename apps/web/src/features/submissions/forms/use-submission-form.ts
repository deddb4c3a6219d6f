import { useCallback, useMemo, useRef, useState } from 'react';
import {
  type AuthorFormValues,
  addAuthor,
  addKeywords,
  moveAuthor,
  removeAuthor,
  removeKeyword,
  type SubmissionFormField,
  type SubmissionFormValues,
  setCorresponding,
  updateAuthor,
} from './submission-form.ts';

export type SubmissionFormErrors = Partial<Record<SubmissionFormField, string>> & {
  /** The author an author problem is about (0-based). */
  authorIndex?: number;
};

/** The DOM id of a field's block, for scrolling to a problem. */
export const fieldAnchorId = (field: SubmissionFormField) => `submission-field-${field}`;

/**
 * The state of the submission form: values, one error per field, and the keyword and author operations. Changing a
 * field clears its error.
 */
export function useSubmissionForm(initial: () => SubmissionFormValues) {
  const [values, setValuesState] = useState<SubmissionFormValues>(initial);
  const [errors, setErrors] = useState<SubmissionFormErrors>({});
  const valuesRef = useRef(values);

  const setValues = useCallback(
    (next: SubmissionFormValues | ((current: SubmissionFormValues) => SubmissionFormValues)) => {
      const resolved = typeof next === 'function' ? next(valuesRef.current) : next;
      valuesRef.current = resolved;
      setValuesState(resolved);
    },
    [],
  );

  const clearError = useCallback((field: SubmissionFormField) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return field === 'authors' ? { ...rest, authorIndex: undefined } : rest;
    });
  }, []);

  const setField = useCallback(
    <K extends keyof SubmissionFormValues>(field: K, value: SubmissionFormValues[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      if (field !== 'track') clearError(field as SubmissionFormField);
    },
    [clearError, setValues],
  );

  const changeAuthors = useCallback(
    (change: (authors: AuthorFormValues[]) => AuthorFormValues[]) => {
      setValues((current) => ({ ...current, authors: change(current.authors) }));
      clearError('authors');
    },
    [clearError, setValues],
  );

  const actions = useMemo(
    () => ({
      addKeywords: (text: string) => {
        setValues((current) => ({ ...current, keywords: addKeywords(current.keywords, text) }));
        clearError('keywords');
      },
      removeKeyword: (index: number) =>
        setValues((current) => ({ ...current, keywords: removeKeyword(current.keywords, index) })),
      addAuthor: () => changeAuthors(addAuthor),
      removeAuthor: (key: string) => changeAuthors((authors) => removeAuthor(authors, key)),
      moveAuthor: (key: string, delta: -1 | 1) => changeAuthors((authors) => moveAuthor(authors, key, delta)),
      setCorresponding: (key: string) => changeAuthors((authors) => setCorresponding(authors, key)),
      updateAuthor: (key: string, changes: Partial<Omit<AuthorFormValues, 'key' | 'is_corresponding'>>) =>
        changeAuthors((authors) => updateAuthor(authors, key, changes)),
    }),
    [changeAuthors, clearError, setValues],
  );

  /** Shows a problem at its field and brings the field into view. */
  const showError = useCallback((field: SubmissionFormField, text: string, authorIndex?: number) => {
    setErrors({ [field]: text, authorIndex });
    requestAnimationFrame(() => {
      const anchor =
        (authorIndex !== undefined && document.getElementById(`${fieldAnchorId('authors')}-${authorIndex}`)) ||
        document.getElementById(fieldAnchorId(field));
      anchor?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      const input = anchor?.querySelector<HTMLElement>('input:not([type=hidden]):not([type=file]), textarea, button');
      input?.focus({ preventScroll: true });
    });
  }, []);

  return {
    values,
    getValues: () => valuesRef.current,
    setValues,
    setField,
    errors,
    setErrors,
    clearError,
    showError,
    ...actions,
  };
}

export type SubmissionFormState = ReturnType<typeof useSubmissionForm>;
