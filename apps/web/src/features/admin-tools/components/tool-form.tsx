import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FiltersResponse, PublicationStatus, Tool, TOOL_FILE_EXTENSIONS, TOOL_IMAGE_EXTENSIONS, WebRoutes } from '@outils/contracts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { CheckboxField, SelectField, splitServerErrors, TextAreaField, TextField } from '../../../components/ui/form';
import { asApiError } from '../../../lib/api-error';
import type { UploadProgress } from '../../../lib/upload';
import { useAdminToolSaveMutation } from '../api/admin-tools.api';
import { AdminA11yTexts, AdminToolTexts, MAX_TOOL_IMAGES } from '../texts';
import { DIFFICULTY_OPTIONS, difficultyIndex } from '../utils/difficulty';
import { acceptAttribute, extensionOf, ImageItem, keptImageItem, moveItem, newImageItem, releaseImageItem } from '../utils/image-items';
import { buildToolFormData, ToolFormValues } from '../utils/tool-form-data';
import { CurrentFile } from './current-file';
import { PublicationField } from './publication-field';
import { NEW_TOOL_PUBLICATION, publicationValuesOf } from '../utils/publication';
import { ImageListField } from './image-list-field';
import { VersionFields } from '../versions/version-fields';
import { AlternativeFileField } from './alternative-file-field';
import styles from './admin-tools.module.css';

const FIELDS = ['toolFile', 'fileAlt', 'altFile', 'versionNote', 'minorUpdate', 'images', 'title', 'description', 'type', 'category', 'difficulty', 'goal', 'people', 'duration', 'isFeatured', 'publication', 'publishDate'] as const;
type FieldName = (typeof FIELDS)[number];
const ALIASES = { name: 'title', file: 'toolFile', 'images[]': 'images', imagesOrder: 'images', publishAt: 'publishDate' } as const;
const DURATION = /^\d{1,4}([.,]\d{1,2})?$/;
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'];

const EMPTY: ToolFormValues = {
  toolFile: null, title: '', description: '', type: '', category: '', difficulty: '', goal: '', people: '', duration: '', isFeatured: false, fileAlt: '',
  ...NEW_TOOL_PUBLICATION,
};

function valuesFrom(tool: Tool | undefined): ToolFormValues {
  if (!tool) return EMPTY;
  return {
    toolFile: null,
    title: tool.name ?? '',
    description: tool.description ?? '',
    type: tool.type ? String(tool.type.id) : '',
    category: tool.category ? String(tool.category.id) : '',
    difficulty: difficultyIndex(tool.difficulty),
    goal: tool.goal ?? '',
    people: tool.people ?? '',
    duration: tool.duration != null ? String(tool.duration).replace('.', ',') : '',
    isFeatured: !!tool.isFeatured,
    fileAlt: tool.file?.alt ?? '',
    ...publicationValuesOf(tool),
  };
}

type Result = { tone: 'success'; message: string; warning?: string } | { tone: 'error'; lines: string[] };
/** A tool just created: the form gives way to its links until « Créer un autre outil ». */
type Created = { message: string; warning?: string; id: number; slug: string; name: string; publication: PublicationStatus };

export interface ToolFormProps {
  /** The tool being edited; absent on creation. */
  tool?: Tool;
  filters?: FiltersResponse;
  /** Downloads the edited tool's current file (the downloads feature's, given by the page); resolves to whether it started. */
  onDownloadFile?: () => Promise<boolean>;
}

/**
 * The tool form (docs/product/rules.md#R126, #R133). Create needs file, title, type, category, difficulty and
 * description; edit keeps the current file when none is picked (and shows it), and the other
 * required fields stay required, as on creation. Files go up with a progress bar; images keep
 * their display order; nothing typed is lost on failure. After a creation, the new tool's sheet
 * and « Créer un autre outil » are offered (docs/product/rules.md#R207, #R208, #R209).
 */
export function ToolForm({ tool, filters, onDownloadFile }: ToolFormProps) {
  const [created, setCreated] = useState<Created | null>(null);
  if (created) return <CreatedPanel created={created} onAnother={() => setCreated(null)} />;
  return <ToolFormFields tool={tool} filters={filters} onDownloadFile={onDownloadFile} onCreated={setCreated} />;
}

function CreatedPanel({ created, onAnother }: { created: Created; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.created}>
      <h2 ref={heading} tabIndex={-1}>
        {created.publication === 'draft'
          ? AdminToolTexts.createdDraft(created.name)
          : created.publication === 'scheduled'
            ? AdminToolTexts.createdScheduled(created.name)
            : `« ${created.name} » est en ligne`}
      </h2>
      <MessageBox tone="success">{created.message}</MessageBox>
      {created.warning ? <MessageBox tone="warning">{created.warning}</MessageBox> : null}
      <div className={styles.actions}>
        <Link to={WebRoutes.toolBySlug(created.slug)} className={buttonClassName('secondary')}>
          {created.publication === 'published' ? 'Voir la fiche de l’outil' : 'Voir l’aperçu de la fiche'}
        </Link>
        <Link to={WebRoutes.adminToolEdit(created.id)} className={buttonClassName('secondary')}>Modifier cet outil</Link>
        <Button onClick={onAnother}>Créer un autre outil</Button>
      </div>
      <Link to={WebRoutes.admin}>Retour au tableau de bord</Link>
    </div>
  );
}

function ToolFormFields({ tool, filters, onDownloadFile, onCreated }: ToolFormProps & { onCreated: (created: Created) => void }) {
  const creating = !tool;
  const [save] = useAdminToolSaveMutation();
  const [images, setImages] = useState<ImageItem[]>(() => (tool?.images ?? []).map(keptImageItem));
  const [imagesError, setImagesError] = useState<string | undefined>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const imagesInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ToolFormValues>({ defaultValues: valuesFrom(tool) });

  // After a save the tool is fetched again: its images now all have ids.
  useEffect(() => {
    if (!tool) return;
    reset(valuesFrom(tool));
    setImages((previous) => {
      previous.forEach(releaseImageItem);
      return tool.images.map(keptImageItem);
    });
  }, [tool, reset]);

  // Free the previews' memory when leaving.
  const latest = useRef(images);
  latest.current = images;
  useEffect(() => () => latest.current.forEach(releaseImageItem), []);

  const addImages = (files: File[]) => {
    const accepted = files.filter((f) => (TOOL_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)));
    const room = MAX_TOOL_IMAGES - images.length;
    const added = accepted.slice(0, Math.max(0, room)).map(newImageItem);
    setImages([...images, ...added]);
    setImagesError(
      accepted.length < files.length ? AdminToolTexts.imageType : accepted.length > room ? AdminToolTexts.tooManyImages(MAX_TOOL_IMAGES) : undefined,
    );
  };
  const removeImage = (index: number) => {
    releaseImageItem(images[index]);
    setImages(images.filter((_, i) => i !== index));
    setImagesError(undefined);
  };

  const onSubmit = async (values: ToolFormValues) => {
    setResult(null);
    setImagesError(undefined);
    const body = buildToolFormData({ ...values, fileAlt: altShown ? values.fileAlt ?? '' : undefined }, images, tool?.id);
    const hasFiles = !!values.toolFile?.length || !!values.altFile?.length || images.some((i) => i.kind === 'new');
    if (hasFiles) setProgress({ loaded: 0, total: 1 });
    const reply = await save({ creating, body, onUploadProgress: hasFiles ? setProgress : undefined });
    setProgress(null);

    if ('data' in reply) {
      const message = reply.data?.message || 'L’outil a bien été enregistré.';
      if (creating && reply.data?.slug) {
        // A second click must not create the same tool twice: the form gives way to the new tool's links.
        onCreated({ message, warning: reply.data.warning, id: reply.data.id, slug: reply.data.slug, name: values.title.trim(), publication: values.publication });
        return;
      }
      setResult({ tone: 'success', message, warning: reply.data?.warning });
      if (fileInput.current) fileInput.current.value = '';
      if (creating) {
        reset(EMPTY);
        images.forEach(releaseImageItem);
        setImages([]);
      }
      return;
    }

    const error = asApiError(reply.error);
    if (error.errors) {
      const { fieldErrors, lines } = splitServerErrors<FieldName>(error.errors, FIELDS, ALIASES);
      fieldErrors.forEach(([field, message], i) => {
        if (field === 'images') {
          setImagesError(message);
          if (i === 0) imagesInput.current?.focus();
        } else setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
      });
      if (lines.length || !fieldErrors.length) setResult({ tone: 'error', lines: lines.length ? lines : [AdminToolTexts.saveFailed] });
    } else {
      setResult({ tone: 'error', lines: [AdminToolTexts.saveFailed, ...(error.message ? [error.message] : [])] });
    }
  };

  const percent = progress && progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const fileField = register('toolFile', {
    validate: (files) => {
      const file = files?.[0];
      if (!file) return creating ? AdminToolTexts.fileRequired : true;
      return (TOOL_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) || AdminToolTexts.fileType;
    },
  });

  // docs/product/rules.md#R942: an image tool file (JPG, PNG), new or kept, needs its description.
  const chosen = watch('toolFile')?.[0];
  const altShown = chosen ? IMAGE_EXTENSIONS.includes(extensionOf(chosen.name)) : !!tool?.file && /^image\/(png|jpeg)/.test(tool.file.type);

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label={creating ? 'Ajouter un outil' : `Editer ${tool.name}`}>
      <p className={styles.note}>Les champs marqués d’un astérisque (*) sont obligatoires.</p>

      {tool?.file ? <CurrentFile file={tool.file} onDownload={onDownloadFile} /> : null}
      <TextField
        label={creating ? "Fichier de l’outil" : "Remplacer le fichier de l’outil"}
        type="file"
        accept={acceptAttribute(TOOL_FILE_EXTENSIONS)}
        hint={
          creating
            ? 'PDF, DOC, DOCX, CSV, XLSX, XLS, JPG ou PNG.'
            : 'PDF, DOC, DOCX, CSV, XLSX, XLS, JPG ou PNG. Sans nouveau fichier, le fichier actuel est conservé.'
        }
        required={creating}
        error={errors.toolFile?.message}
        {...fileField}
        ref={(element) => {
          fileField.ref(element);
          fileInput.current = element;
        }}
      />

      {altShown ? (
        <TextAreaField
          label={AdminA11yTexts.altLabel}
          hint={AdminA11yTexts.altHint}
          required
          rows={3}
          maxLength={1000}
          error={errors.fileAlt?.message}
          {...register('fileAlt', { validate: (v) => !altShown || !!v?.trim() || AdminA11yTexts.altRequired })}
        />
      ) : null}

      <AlternativeFileField alternative={tool?.file?.alternative} register={register} errors={errors} />

      {!creating && watch('toolFile')?.length ? <VersionFields register={register} errors={errors} /> : null}

      <ImageListField
        items={images}
        max={MAX_TOOL_IMAGES}
        error={imagesError}
        inputRef={imagesInput}
        onAdd={addImages}
        onRemove={removeImage}
        onMove={(from, to) => setImages(moveItem(images, from, to))}
      />

      <TextField
        label="Titre"
        required
        maxLength={160}
        error={errors.title?.message}
        {...register('title', { validate: (v) => !!v.trim() || AdminToolTexts.titleRequired })}
      />
      <TextAreaField
        label="Description"
        hint="Les retours à la ligne sont conservés sur la fiche."
        required
        rows={6}
        error={errors.description?.message}
        {...register('description', { validate: (v) => !!v.trim() || AdminToolTexts.descriptionRequired })}
      />
      <div className={styles.grid}>
        <SelectField
          label="Type d’outils"
          placeholder="Choisir un type"
          options={(filters?.types ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          required
          error={errors.type?.message}
          {...register('type', { validate: (v) => !!v || AdminToolTexts.typeRequired })}
        />
        <SelectField
          label="Sujet"
          placeholder="Choisir un sujet"
          options={(filters?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          required
          error={errors.category?.message}
          {...register('category', { validate: (v) => !!v || AdminToolTexts.categoryRequired })}
        />
        <SelectField
          label="Difficulté"
          placeholder="Choisir une difficulté"
          options={DIFFICULTY_OPTIONS}
          required
          error={errors.difficulty?.message}
          {...register('difficulty', { validate: (v) => v !== '' || AdminToolTexts.difficultyRequired })}
        />
      </div>
      <div className={`${styles.grid} ${styles.grid2}`}>
        <TextAreaField label="Objectif" rows={3} error={errors.goal?.message} {...register('goal')} />
        <TextAreaField label="Pour qui ?" rows={3} error={errors.people?.message} {...register('people')} />
      </div>
      <TextField
        label="Temps estimé (en heures)"
        hint="Par exemple 1,5. Sans durée, elle n’est pas affichée sur la fiche."
        inputMode="decimal"
        error={errors.duration?.message}
        {...register('duration', { validate: (v) => !v.trim() || DURATION.test(v.trim()) || AdminToolTexts.durationInvalid })}
      />
      <CheckboxField label="Outil du mois (mis en avant sur la page d’accueil)" error={errors.isFeatured?.message} {...register('isFeatured')} />
      <PublicationField register={register} errors={errors} publication={watch('publication')} />

      {progress ? (
        <div className={styles.progress}>
          <label htmlFor="tool-upload-progress">Envoi des fichiers : {percent} %</label>
          <progress id="tool-upload-progress" max={100} value={percent}>
            {percent} %
          </progress>
        </div>
      ) : null}
      {result?.tone === 'success' ? (
        <>
          <MessageBox tone="success">{result.message}</MessageBox>
          {result.warning ? <MessageBox tone="warning">{result.warning}</MessageBox> : null}
        </>
      ) : null}
      {result?.tone === 'error' ? <MessageBox tone="error">{result.lines.length === 1 ? result.lines[0] : result.lines}</MessageBox> : null}

      <div className={styles.actions}>
        <Link to={WebRoutes.admin}>Retour au tableau de bord</Link>
        <Button type="submit" busy={isSubmitting}>
          {creating ? "Ajouter l’outil" : 'Enregistrer les modifications'}
        </Button>
      </div>
    </form>
  );
}
