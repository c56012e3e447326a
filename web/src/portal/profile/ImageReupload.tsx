/**
 * The portal's image re-upload (spec 002 sections 5, 7 and 8, "Re-upload of images (portal)"):
 * the patient picks the order's assessment, the image type (one of the seven) and a new photo;
 * the photo is resized in the browser (at most 1000 px wide, JPEG quality 0.8), PUT to a signed
 * URL from POST /api/get-signed-url and handed to POST /api/upload-image-again, which replaces
 * the image for the doctor. A chosen file that is no image, or no photo by its bytes (a text file
 * named .png), is refused when chosen, in the medical form's words; a photo the server refuses
 * is dropped and its words shown. Any other failure says where it failed (the spec's re-upload
 * texts, with Try Again). Failures are logged for support (POST /api/log-upload-attempt).
 *
 * Hooks for tests: form#reupload-form, #reupload-file, #reupload-save.
 */
import { useRef, useState, type FormEvent } from 'react';
import {
  portalImageTypes,
  profileMessages,
  reuploadMessages,
  uploadMessages,
  type PortalImageType,
} from '@clinic/contracts';
import { ApiError, toApiError } from '../../api/client';
import { logFailedUpload, requestSignedUrl } from '../../uploads/uploadApi';
import {
  photoBytesProblem,
  putFile,
  refusalOf,
  uploadFileName,
  UploadFailure,
} from '../../uploads/upload';
import { Button, FormMessage, Select } from '../../ui';
import { sendImageAgain } from './profileApi';
import { resizeImage } from './resizeImage';
import { useTimedMessage } from './useTimedMessage';

/** The image types as the patient reads them. */
export const imageTypeLabels: Record<PortalImageType, string> = {
  full_body_image: 'Full body photo',
  id_image: 'Photo ID',
  prescription_image: 'Prescription',
  font_facing_image: 'Front-facing photo',
  top_head_image: 'Top of head photo',
  id_front_image: 'ID (front)',
  id_back_image: 'ID (back)',
};

/** The tab's own text where the spec gives none. */
export const reuploadTexts = { chooseImage: 'Please choose which image to replace' } as const;

export interface ReuploadOrder {
  id: number;
  label: string;
}

/** Which step failed, as the spec's re-upload texts name it; a refused photo, the server's words. */
function failureOf(error: unknown): string {
  if (error instanceof UploadFailure) {
    if (error.stage === 'refused') return error.message;
    if (error.connection) return reuploadMessages.network;
    return error.stage === 'prepare' ? reuploadMessages.preparing : reuploadMessages.storing;
  }
  if (error instanceof ApiError && error.isNetwork) return reuploadMessages.network;
  return reuploadMessages.unsuccessful;
}

/**
 * The photo resized, stored through a signed URL and handed to the order (upload-image-again,
 * which checks the stored bytes: its refusal is the patient's words). `named` learns the stored
 * name as soon as it is known, for the failure log.
 */
async function sendImage(
  file: File,
  orderId: string,
  imageType: PortalImageType,
  named: (filename: string) => void,
): Promise<void> {
  const resized = await resizeImage(file).catch(() => {
    throw new UploadFailure('prepare', false, 'The image could not be resized');
  });
  const filename = uploadFileName(orderId, imageType, Date.now(), resized.name);
  named(filename);
  const signed = await requestSignedUrl(filename, resized.type, orderId).catch((error: unknown) => {
    throw new UploadFailure('prepare', toApiError(error).isNetwork, 'No signed URL');
  });
  await putFile(signed.upload_url, resized, () => undefined);
  await sendImageAgain({
    id: orderId,
    file_name: signed.file_name,
    image_type: imageType,
  }).catch((error: unknown) => {
    throw refusalOf(error) ?? error;
  });
}

export function ImageReupload({ orders }: { orders: readonly ReuploadOrder[] }) {
  const [orderId, setOrderId] = useState(() => String(orders[0]?.id ?? ''));
  const [imageType, setImageType] = useState<PortalImageType | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const { message, show, clear } = useTimedMessage();
  // The latest choice: a slower byte check of an earlier one must not overwrite it.
  const choice = useRef(0);

  /** Drops the chosen file (the input emptied too): a refused one is never sent. */
  function dropFile() {
    setFile(null);
    setFileKey((key) => key + 1);
  }

  async function choose(chosen: File | undefined) {
    const current = ++choice.current;
    clear();
    setFailed(false);
    const problem = !chosen
      ? null
      : chosen.type.startsWith('image/')
        ? await photoBytesProblem(chosen)
        : uploadMessages.imageOnly;
    if (current !== choice.current) return;
    if (problem) {
      dropFile();
      show('error', problem);
    } else setFile(chosen ?? null);
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    setFailed(false);
    const problem = !file
      ? uploadMessages.selectFile
      : !imageType
        ? reuploadTexts.chooseImage
        : null;
    if (problem || !file || !imageType) {
      show('error', problem ?? uploadMessages.selectFile);
      return;
    }
    setBusy(true);
    let filename = file.name;
    try {
      await sendImage(file, orderId, imageType, (name) => (filename = name));
      dropFile();
      show('success', profileMessages.submitted);
    } catch (error) {
      const text = failureOf(error);
      // A refused photo is no failed upload to try again: another photo is needed.
      if (error instanceof UploadFailure && error.stage === 'refused') dropFile();
      else setFailed(true);
      show('error', text);
      void logFailedUpload({
        success: false,
        error: text,
        userAgent: navigator.userAgent.slice(0, 500),
        fileSize: file.size,
        filename: filename.slice(0, 300),
        imageType,
        idOfForm: orderId,
        timestamp: new Date().toISOString(),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      id="reupload-form"
      className="card profile-section"
      aria-labelledby="profile-reupload-title"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="profile-reupload-title" className="profile-section__title">
        Upload an image again
      </h3>
      <p className="portal-panel__note">
        Did your doctor ask for a clearer photo? Send a new one here.
      </p>
      {orders.length > 1 && (
        <Select id="reupload-order" label="Order" value={orderId} onValueChange={setOrderId}>
          {orders.map((order) => (
            <option key={order.id} value={String(order.id)}>
              {order.label}
            </option>
          ))}
        </Select>
      )}
      <Select
        id="reupload-type"
        label="Image"
        value={imageType}
        onValueChange={(v) => setImageType(portalImageTypes.find((t) => t === v) ?? '')}
      >
        <option value="">Select</option>
        {portalImageTypes.map((type) => (
          <option key={type} value={type}>
            {imageTypeLabels[type]}
          </option>
        ))}
      </Select>
      <div className="field">
        <label className="field__label" htmlFor="reupload-file">
          Photo
        </label>
        <input
          key={fileKey}
          id="reupload-file"
          className="field__input profile-file"
          type="file"
          accept="image/*"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      <div className="profile-actions">
        <Button id="reupload-save" type="submit" busy={busy} busyLabel="Uploading...">
          {failed ? 'Try Again' : 'Submit'}
        </Button>
        <FormMessage kind={message?.kind ?? 'info'} className="profile-message">
          {message?.text}
        </FormMessage>
        {failed && <p className="portal-panel__note">{reuploadMessages.hint}</p>}
      </div>
    </form>
  );
}
