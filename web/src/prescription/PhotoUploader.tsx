/**
 * The adjust-doses photo question's uploader: the medical form's ImageUploader (drop zone,
 * preview, progress, Confirm Upload / Try Again, failures logged), saying 'The upload was
 * unsuccessful. Please try again.' whatever made an upload fail (spec 002 section 8). The checks
 * before an upload (no file, not an image, over 5 MB) keep their own texts.
 */
import { uploadMessages } from '@clinic/contracts';
import { ImageUploader } from '../medical-form';

interface Props {
  formId: string;
  questionKey: string;
  onUploaded(fileName: string): void;
}

export function PhotoUploader({ formId, questionKey, onUploaded }: Props) {
  return (
    <div className="rx-upload">
      <ImageUploader
        formId={formId}
        questionKey={questionKey}
        failureText={uploadMessages.unsuccessful}
        onUploaded={onUploaded}
      />
    </div>
  );
}
