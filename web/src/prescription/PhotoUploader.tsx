/**
 * The adjust-doses photo question's uploader: the medical form's ImageUploader (drop zone,
 * preview, progress, Confirm Upload / Try Again, failures logged), except that adjust-doses
 * always says 'The upload was unsuccessful. Please try again.' when an upload fails (spec 002
 * section 8), whatever went wrong.
 *
 * ImageUploader has no way to choose its failure text, so this wrapper watches its
 * data-state, hides its own message while it is in 'error' (prescription.css) and shows the
 * adjust-doses one. The checks before an upload (no file, not an image, over 5 MB) keep their
 * own texts. Once ImageUploader takes the text as a prop, this wrapper can go.
 */
import { useEffect, useRef, useState } from 'react';
import { uploadMessages } from '@clinic/contracts';
import { ImageUploader } from '../medical-form/ImageUploader';
import { FormMessage } from '../ui';

interface Props {
  formId: string;
  questionKey: string;
  onUploaded(fileName: string): void;
}

export function PhotoUploader({ formId, questionKey, onUploaded }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const root = box.current;
    if (!root || typeof MutationObserver === 'undefined') return;
    const read = () =>
      setFailed(root.querySelector('.mf-upload')?.getAttribute('data-state') === 'error');
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={box} className="rx-upload">
      <ImageUploader formId={formId} questionKey={questionKey} onUploaded={onUploaded} />
      {failed && (
        <FormMessage kind="error" className="rx-upload__error">
          {uploadMessages.unsuccessful}
        </FormMessage>
      )}
    </div>
  );
}
