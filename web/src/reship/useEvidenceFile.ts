import { maxImageBytes, reshipMessages } from '@clinic/contracts';
import { useEffect, useRef, useState } from 'react';
import { photoBytesProblem } from '../uploads/upload';

/** What is wrong with a chosen evidence file, or null (spec 002 section 5). */
export function evidenceProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return reshipMessages.selectImage;
  if (file.size > maxImageBytes) return reshipMessages.imageTooLarge;
  return null;
}

function previewUrl(file: File): string | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

export interface EvidenceFile {
  file: File | null;
  preview: string | null;
  /** Why the chosen (or refused) photo cannot go, in the patient's words. */
  error: string | null;
  setError(error: string | null): void;
  pick(picked: File | null | undefined): Promise<void>;
  remove(): void;
  /** The server refused the stored photo: it is dropped and the reason said. */
  refuse(reason: string): void;
}

/**
 * The reship evidence photo: the chosen file once it passes the checks (an image, 5 MB at most,
 * a photo by its bytes), its preview (revoked when replaced), and why a choice was refused.
 * `onChange` runs on every choice or removal (the page clears its submit failure).
 */
export function useEvidenceFile(onChange: () => void): EvidenceFile {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The latest choice: a slower byte check of an earlier one must not overwrite it.
  const choice = useRef(0);

  useEffect(
    () => () => {
      if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function pick(picked: File | null | undefined) {
    if (!picked) return;
    const current = ++choice.current;
    onChange();
    const problem = evidenceProblem(picked) ?? (await photoBytesProblem(picked));
    if (current !== choice.current) return;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFile(picked);
    setPreview(previewUrl(picked));
  }

  function remove() {
    setFile(null);
    setPreview(null);
    setError(null);
    onChange();
  }

  function refuse(reason: string) {
    setFile(null);
    setPreview(null);
    setError(reason);
  }

  return { file, preview, error, setError, pick, remove, refuse };
}
