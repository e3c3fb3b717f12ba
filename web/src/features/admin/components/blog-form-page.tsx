import { useId, useMemo } from 'react';
import Markdown from 'react-markdown';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { ChoiceField, TextAreaField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { FileDrop, useUploadProgress } from '@/components/form/file-drop';
import { ApiError } from '@/lib/api-client';
import { useForm, type FieldBinding } from '@/lib/form';
import { notify } from '@/stores/notification';
import { createPost, getPost, postToFormValues, updatePost, uploadCover } from '../api/blog';
import { useObjectUrl } from '@/lib/use-object-url';
import { useResource } from '@/lib/use-resource';
import type { AdminBlogPost, BlogFormValues, BlogStatus } from '../types';
import { LoadState } from './load-state';
import { FormPage } from './sub-page';
import { publicPostPath } from './blog-page';
import './admin.css';

const STATUS_CHOICES = [
  { value: 'draft', label: 'Draft', description: 'Only admins see it.' },
  { value: 'published', label: 'Published', description: 'On the public blog at once.' },
] as const;

const EMPTY: BlogFormValues = { title: '', slug: '', excerpt: '', body: '', status: 'draft' };

const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const COVER_MAX_BYTES = 2 * 1024 * 1024;

/** A reason the server would refuse `file` as a cover, or null (the server checks again). */
export function coverProblem(file: File | null): string | null {
  if (!file) return 'Choose an image first.';
  if (file.type && !COVER_TYPES.includes(file.type))
    return 'The cover must be a PNG, JPEG or WebP image.';
  if (file.size > COVER_MAX_BYTES) return 'The image is too large: the limit is 2 MB.';
  return null;
}

function CoverUpload({
  post,
  onUploaded,
}: {
  post: AdminBlogPost;
  onUploaded: (post: AdminBlogPost) => void;
}) {
  const titleId = useId();
  const upload = useUploadProgress();
  const form = useForm({
    initialValues: { file: null as File | null },
    onSubmit: async ({ file }) => {
      const problem = coverProblem(file);
      if (problem || !file) throw new ApiError(422, problem ?? '', { file: [problem ?? ''] });
      return upload.track((send) => uploadCover(post.slug, file, send));
    },
    onSuccess: (saved) => onUploaded(saved),
    successMessage: 'The cover was uploaded.',
    resetOnSuccess: () => ({ file: null }),
  });
  const binding = form.field('file');
  const chosen = form.values.file;
  const preview = useObjectUrl(chosen);
  const shown = preview ?? post.cover;

  return (
    <form
      className="form card cover-upload"
      onSubmit={form.submit}
      noValidate
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>Cover image</h2>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <SuccessAlert isShown={form.isSuccessful} onDismiss={form.dismissSuccess}>
        {form.state.successMessage}
      </SuccessAlert>
      {shown ? (
        <img
          className="cover-preview"
          src={shown}
          alt={preview ? 'The chosen image' : 'The current cover'}
        />
      ) : (
        <p className="muted">No cover yet.</p>
      )}
      <FileDrop
        label="New cover image"
        hint="PNG, JPEG or WebP, up to 2 MB. Wide images (3:2) look best."
        accept={COVER_TYPES.join(',')}
        name="file"
        files={chosen ? [chosen] : []}
        onAdd={([file]) => binding.onChange(file ?? null)}
        onRemove={() => binding.onChange(null)}
        check={coverProblem}
        errors={binding.error ? [binding.error] : []}
        progress={upload.progress}
        progressLabel={chosen ? `Uploading ${chosen.name}` : undefined}
        disabled={form.isBusy}
      />
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Uploading…">
          Upload cover
        </SubmitButton>
      </div>
    </form>
  );
}

function BlogForm({
  post,
  onSaved,
}: {
  post?: AdminBlogPost;
  onSaved: (post: AdminBlogPost) => void;
}) {
  const initialValues = useMemo(() => (post ? postToFormValues(post) : EMPTY), [post]);
  const form = useForm({
    initialValues,
    onSubmit: (values) => (post ? updatePost(post.slug, values) : createPost(values)),
    onSuccess: (saved) => onSaved(saved),
  });
  const body = form.values.body;
  return (
    <form className="form card blog-form" onSubmit={form.submit} noValidate>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <TextField field={form.field('title')} label="Title" required maxLength={140} />
      {post ? (
        <p className="field">
          <span className="field-label">Slug</span>
          <span>
            <code>{post.slug}</code>{' '}
            <span className="muted">(the address of a post does not change)</span>
          </span>
        </p>
      ) : (
        <TextField
          field={form.field('slug')}
          label="Slug (optional)"
          maxLength={100}
          spellCheck={false}
          hint="The post's address: lower-case letters and digits with dashes. Leave empty to make one from the title."
        />
      )}
      <TextAreaField
        field={form.field('excerpt')}
        label="Summary"
        required
        rows={2}
        maxLength={300}
        hint="10 to 300 characters, shown in the list of posts."
      />
      <TextAreaField
        field={form.field('body')}
        label="Post"
        required
        rows={14}
        className="markdown-field"
        hint="Markdown: **bold**, *italic*, # headings, - lists, [links](https://…)."
      />
      <details className="markdown-preview">
        <summary>Preview</summary>
        <div className="prose">
          {body.trim() ? (
            <Markdown>{body}</Markdown>
          ) : (
            <p className="muted">Nothing written yet.</p>
          )}
        </div>
      </details>
      <ChoiceField
        field={form.field('status') as FieldBinding<BlogStatus | ''>}
        legend="Status"
        choices={STATUS_CHOICES}
      />
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Saving…">
          {post ? 'Save post' : 'Create post'}
        </SubmitButton>
        <Link to={buildPath('admin.blog')} className="button button-ghost">
          Back to posts
        </Link>
      </div>
    </form>
  );
}

/** /admin/blog/create: a new post; the cover is added on its edit page once it exists. */
export function BlogCreatePage() {
  const navigate = useNavigate();
  return (
    <FormPage
      back={buildPath('admin.blog')}
      backLabel="All posts"
      title="New post"
      intro={<p className="muted">Save it first; then add a cover image.</p>}
    >
      <BlogForm
        onSaved={(post) => {
          notify(
            post.status === 'published'
              ? `“${post.title}” is published.`
              : `“${post.title}” was saved as a draft.`,
          );
          void navigate(buildPath('admin.blog.edit', { slug: post.slug }), { replace: true });
        }}
      />
    </FormPage>
  );
}

/** /admin/blog/:slug/edit: the post, its status and its cover. */
export function BlogEditPage() {
  const { slug = '' } = useParams();
  const { resource, reload, setData } = useResource(`post:${slug}`, (signal) =>
    getPost(slug, { signal }),
  );
  const post = resource.data;
  return (
    <FormPage
      back={buildPath('admin.blog')}
      backLabel="All posts"
      title="Edit post"
      intro={
        post && (
          <p className="muted">
            {post.status === 'published' ? (
              <>
                Published · <Link to={publicPostPath(post.slug)}>View on the blog</Link>
              </>
            ) : (
              'Draft: only admins see it.'
            )}
          </p>
        )
      }
    >
      <LoadState resource={resource} onRetry={reload} what="the post">
        {(loaded) => (
          <div className="blog-edit-grid">
            <BlogForm
              key={loaded.slug}
              post={loaded}
              onSaved={(saved) => {
                notify(
                  `“${saved.title}” was saved${saved.status === 'published' ? ' and is published' : ' as a draft'}.`,
                );
                setData(() => saved);
              }}
            />
            <CoverUpload post={loaded} onUploaded={(saved) => setData(() => saved)} />
          </div>
        )}
      </LoadState>
    </FormPage>
  );
}
