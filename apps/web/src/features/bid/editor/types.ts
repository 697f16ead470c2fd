import type { SectionSaved } from '@btz/shared';

/** What the centre pane gives the section editor (SectionEditor.tsx) and it passes on to its lazy body (SectionBody.tsx). */
export interface SectionEditorProps {
  bidId: string;
  nodeId: string;
  title: string;
  readOnly: boolean;
  /** the AI is writing this section right now: its text so far (shown instead of the editor) */
  live?: { text: string } | null;
  onSaved?(s: SectionSaved): void;
}
