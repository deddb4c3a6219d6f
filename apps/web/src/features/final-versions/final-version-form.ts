import type { FinalVersionDto } from '@confero/contracts';
import {
  type AuthorFormValues,
  authorsPayload,
  isPdfFile,
  megabytes,
  newAuthor,
} from '../submissions/forms/submission-form.ts';

/*
 * The author's final version form: its values (started from the last final version, else the submission as
 * reviewed), the client-side hints the API checks again (a PDF for the paper, a PDF or ZIP of at most the event's
 * limit for the supplementary material), and the multipart body of `POST submissions/{id}/final-version/`.
 */

export type FinalVersionFormValues = {
  title: string;
  abstract: string;
  authors: AuthorFormValues[];
  file: File | null;
  supplementary: File | null;
};

/** The form's starting values for a final version as the API answers it. */
export function finalVersionFormValues(data: FinalVersionDto): FinalVersionFormValues {
  return {
    title: data.title,
    abstract: data.abstract,
    authors: data.authors.map((author) =>
      newAuthor({
        first_name: author.first_name,
        last_name: author.last_name,
        email: author.email,
        affiliation: author.affiliation,
        country: author.country,
        webpage: author.webpage ?? '',
        is_corresponding: author.is_corresponding,
      }),
    ),
    file: null,
    supplementary: null,
  };
}

/** Whether a chosen file may be supplementary material: a PDF or a ZIP by its name or type. */
export function isSupplementaryFile(file: Pick<File, 'name' | 'type'>): boolean {
  return isPdfFile(file) || /\.zip$/i.test(file.name) || /zip/.test(file.type);
}

export type SupplementaryProblem = 'type' | 'size';

/** Why a chosen supplementary file is refused before it is sent, or null. */
export function supplementaryProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxMb: number,
): SupplementaryProblem | null {
  if (!isSupplementaryFile(file)) return 'type';
  if (file.size > megabytes(maxMb)) return 'size';
  return null;
}

/** The multipart body: the confirmed fields, the files chosen, and the version read (409 when it moved on). */
export function finalVersionFormData(values: FinalVersionFormValues, version: number | null): FormData {
  const data = new FormData();
  data.append('title', values.title.trim());
  data.append('abstract', values.abstract.trim());
  data.append('authors', JSON.stringify(authorsPayload(values.authors)));
  if (version !== null) data.append('version', String(version));
  if (values.file) data.append('file', values.file);
  if (values.supplementary) data.append('supplementary', values.supplementary);
  return data;
}
