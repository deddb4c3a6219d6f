import { describe, expect, it } from 'vitest';
import { copyText } from './clipboard.ts';

/** A stand-in for the few DOM calls the fallback makes. */
function fakeDocument(copyWorks: boolean) {
  const appended: { value: string; removed: boolean; selected: boolean }[] = [];
  const commands: string[] = [];
  const doc = {
    body: {
      appendChild(node: { value: string; removed: boolean; selected: boolean }) {
        appended.push(node);
      },
    },
    createElement() {
      const node = {
        value: '',
        removed: false,
        selected: false,
        style: {} as Record<string, string>,
        setAttribute() {},
        select() {
          node.selected = true;
        },
        remove() {
          node.removed = true;
        },
      };
      return node;
    },
    execCommand(command: string) {
      commands.push(command);
      return copyWorks;
    },
  };
  return { doc: doc as unknown as Document, appended, commands };
}

describe('copyText', () => {
  it('uses the Clipboard API when it works', async () => {
    const written: string[] = [];
    const { doc, commands } = fakeDocument(true);
    const ok = await copyText('https://x/events/1-a/submit/', {
      clipboard: { writeText: async (text) => void written.push(text) },
      document: doc,
    });
    expect(ok).toBe(true);
    expect(written).toEqual(['https://x/events/1-a/submit/']);
    expect(commands).toEqual([]);
  });

  it('falls back to a selected hidden textarea and execCommand when the API refuses', async () => {
    const { doc, appended, commands } = fakeDocument(true);
    const ok = await copyText('link', {
      clipboard: {
        writeText: async () => {
          throw new Error('NotAllowedError');
        },
      },
      document: doc,
    });
    expect(ok).toBe(true);
    expect(commands).toEqual(['copy']);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ value: 'link', selected: true, removed: true });
  });

  it('reports failure when neither way works', async () => {
    const { doc } = fakeDocument(false);
    expect(await copyText('link', { document: doc })).toBe(false);
    expect(await copyText('link', {})).toBe(false);
  });
});
