import { describe, expect, it } from 'vitest';
import { AiAnalysis, submissionMessage } from './submissions.ts';

describe('submission messages', () => {
  it('quotes the spec where it gives the text', () => {
    expect(submissionMessage('submissions.duplicateTitle')).toBe(
      'A submission with this title already exists for this event. Please choose a different title.',
    );
    expect(submissionMessage('submissions.updateDenied')).toBe(
      'Permission denied. You do not have access to update this submission. Only the submission author can edit it.',
    );
    expect(submissionMessage('submissions.validations.correspondingRequired')).toBe(
      'At least one author must be designated as corresponding',
    );
    expect(submissionMessage('submissions.validations.authorsRequired')).toBe('At least one author is required');
    expect(submissionMessage('submissions.validations.fileRequired')).toBe('A file is required for submission');
    expect(submissionMessage('submissions.validations.countryRequired')).toBe(
      'All authors must have a country selected',
    );
    expect(submissionMessage('submissions.invalidPdf')).toBe('File is not a valid PDF.');
    expect(submissionMessage('submissions.validations.keywordsMinRequired', { min: 3 }, 'ar')).toContain('3');
  });

  it('bounds the relevance score of an analysis to 0–5', () => {
    const analysis = {
      provider: 'local',
      generated_at: '2030-01-01T00:00:00.000Z',
      submission_highlights: {
        problem_statement: '',
        gap_analysis: '',
        contribution: '',
        methodology: '',
        main_finding: '',
      },
      relevance_to_event: { score: 5.5, justification: '', matched_areas: [], matched_terms: [] },
      topics: { main_topic: null, secondary_topics: [] },
      plagiarism: { available: false, message: '', message_code: '' },
    };
    expect(AiAnalysis.safeParse(analysis).success).toBe(false);
    expect(
      AiAnalysis.safeParse({ ...analysis, relevance_to_event: { ...analysis.relevance_to_event, score: 5 } }).success,
    ).toBe(true);
  });
});
