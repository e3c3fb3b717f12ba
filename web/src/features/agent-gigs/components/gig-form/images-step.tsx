import { FileDrop } from '@/components/form/file-drop';
import { formatFileSize } from '@/lib/file-size';
import { useGigImage } from '../../hooks/use-gig-image';
import type { DraftImage, ImageDraft } from '../../hooks/use-image-draft';
import { GIG_IMAGES_MAX } from '@wayfarer/api/schemas/gigs';
import { checkImage, IMAGE_FILE_ACCEPT, type ImageType } from '@/lib/image-files';
import type { SetValue, StepProps } from './types';

export interface ImagesStepProps extends StepProps {
  set: SetValue;
  /** The images picked but not uploaded yet, kept on this device. */
  imageDraft: ImageDraft;
  /** Why picked files were not added (kept by the form, so they stay when the step changes). */
  pickErrors: string[];
  setPickErrors: (errors: string[]) => void;
}

function ServerImage({
  url,
  index,
  onRemove,
}: {
  url: string;
  index: number;
  onRemove: () => void;
}) {
  const src = useGigImage(url);
  return (
    <li className="gig-image">
      {src ? (
        <img src={src} alt={`Image ${index + 1} of the gig`} />
      ) : (
        <span className="gig-image-placeholder" />
      )}
      <button type="button" className="button button-ghost" onClick={onRemove}>
        Remove<span className="visually-hidden"> image {index + 1}</span>
      </button>
    </li>
  );
}

function PendingImage({
  image,
  index,
  onRemove,
}: {
  image: DraftImage;
  index: number;
  onRemove: () => void;
}) {
  return (
    <li className="gig-image" data-pending>
      {image.url ? (
        <img src={image.url} alt={`Image ${index + 1}: ${image.file_name}`} />
      ) : (
        <span className="gig-image-placeholder" />
      )}
      <span className="gig-image-meta muted">
        {image.file_name} · {formatFileSize(image.size)} · uploads when you save
      </span>
      <button type="button" className="button button-ghost" onClick={onRemove}>
        Remove<span className="visually-hidden"> {image.file_name}</span>
      </button>
    </li>
  );
}

/** Step 4: the gig's images, kept ones from the server and picked ones waiting for the upload. */
export function ImagesStep({
  values,
  errors,
  set,
  imageDraft,
  pickErrors,
  setPickErrors,
}: ImagesStepProps) {
  const pending = imageDraft.images ?? [];
  const imageCount = values.kept_images.length + pending.length;

  const pickImages = async (files: File[]) => {
    const problems: string[] = [];
    const accepted: { blob: Blob; type: ImageType; fileName: string }[] = [];
    let room = GIG_IMAGES_MAX - imageCount;
    for (const file of files) {
      const check = await checkImage(file);
      if (!check.ok) {
        problems.push(check.error);
        continue;
      }
      if (room <= 0) {
        problems.push(`${file.name} was not added: a gig has at most ${GIG_IMAGES_MAX} images.`);
        continue;
      }
      room -= 1;
      accepted.push({ blob: file, type: check.type, fileName: file.name });
    }
    setPickErrors(problems);
    try {
      await imageDraft.add(accepted);
    } catch (error) {
      console.error('Keeping the images failed', error);
      setPickErrors([...problems, 'The images could not be kept on this device. Try again.']);
    }
  };

  const shownErrors = [...pickErrors, ...(errors.images ?? []), ...(errors.file ?? [])];

  return (
    <>
      <p className="muted">
        The first image is the gig&apos;s cover. Images picked offline are kept on this device and
        uploaded when you save.
      </p>
      <ul className="gig-images" aria-label="Images">
        {values.kept_images.map((url, index) => (
          <ServerImage
            key={url}
            url={url}
            index={index}
            onRemove={() =>
              set(
                'kept_images',
                values.kept_images.filter((u) => u !== url),
              )
            }
          />
        ))}
        {pending.map((image, index) => (
          <PendingImage
            key={image.name}
            image={image}
            index={values.kept_images.length + index}
            onRemove={() => void imageDraft.remove(image.name)}
          />
        ))}
      </ul>
      <p className="muted" role="status">
        {imageCount} of {GIG_IMAGES_MAX} images
      </p>
      {imageCount < GIG_IMAGES_MAX ? (
        <FileDrop
          label="Add images"
          hint={`Up to ${GIG_IMAGES_MAX} images in all: PNG, JPEG or WebP, each at most 2 MB.`}
          accept={IMAGE_FILE_ACCEPT}
          multiple
          files={[]}
          onAdd={pickImages}
          errors={shownErrors}
        />
      ) : (
        shownErrors.map((text) => (
          <p key={text} className="field-error" role="alert" data-field-error>
            {text}
          </p>
        ))
      )}
    </>
  );
}
