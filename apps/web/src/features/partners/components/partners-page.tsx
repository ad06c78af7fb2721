import { FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { WebPagePaths, type Partner, type PartnerInput } from '@outils/contracts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { splitServerErrors, TextAreaField, TextField } from '../../../components/ui/form';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { asApiError } from '../../../lib/api-error';
import { useAdminPartnersQuery, useCreatePartnerMutation, useDeletePartnerMutation, usePartnerKitsQuery, useUpdatePartnerMutation } from '../api/partners.api';
import { PartnerSnippet } from './partner-snippet';
import { PartnerTexts as T } from '../texts';
import styles from './partners.module.css';

type Field = keyof typeof T.fields;
const FIELDS: readonly Field[] = ['name', 'logoUrl', 'website', 'contactEmail', 'allowedHosts'];
const EMPTY = { name: '', logoUrl: '', website: '', contactEmail: '', allowedHosts: '' };

/** /admin/partners (docs/product/rules.md#R993, #R994, #R1008): the partners, their embed code (with a kit if chosen), and the form. */
export function PartnersPage() {
  const { data, isLoading, isError, refetch } = useAdminPartnersQuery();
  const { data: kits } = usePartnerKitsQuery();
  const [create, creating] = useCreatePartnerMutation();
  const [update, updating] = useUpdatePartnerMutation();
  const [remove] = useDeletePartnerMutation();
  const [editing, setEditing] = useState<Partner | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);

  const edit = (partner: Partner) => {
    setEditing(partner);
    setErrors({});
    setValues({ name: partner.name, logoUrl: partner.logoUrl ?? '', website: partner.website, contactEmail: partner.contactEmail, allowedHosts: partner.allowedHosts.join('\n') });
    setTimeout(() => formHeading.current?.focus());
  };
  const reset = () => {
    setEditing(null);
    setValues(EMPTY);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: PartnerInput = {
      name: values.name, logoUrl: values.logoUrl || null, website: values.website, contactEmail: values.contactEmail,
      allowedHosts: values.allowedHosts.split('\n').map((line) => line.trim()).filter(Boolean),
    };
    try {
      const saved = editing ? await update({ ...input, id: editing.id }).unwrap() : await create(input).unwrap();
      setNotice({ tone: 'success', text: editing ? T.saved(saved.name) : T.created(saved.name) });
      reset();
      void refetch();
    } catch (error) {
      const problem = asApiError(error);
      const { fieldErrors, lines } = splitServerErrors(problem.errors, FIELDS);
      setErrors(Object.fromEntries(fieldErrors));
      if (lines.length || problem.message || !fieldErrors.length) setNotice({ tone: 'error', text: lines.join(' ') || problem.message || T.failed });
    }
  };

  const drop = async (partner: Partner) => {
    if (!window.confirm(T.confirmRemove(partner.name))) return;
    try {
      await remove({ id: partner.id }).unwrap();
      setNotice({ tone: 'success', text: T.removed(partner.name) });
      if (editing?.id === partner.id) reset();
      void refetch();
    } catch (error) {
      setNotice({ tone: 'error', text: asApiError(error).message ?? T.failed });
    }
  };

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <div className={styles.page}>
      <title>Partenaires — Outils</title>
      <h1>{T.title}</h1>
      <p>{T.intro}</p>
      {notice ? <MessageBox tone={notice.tone}>{notice.text}</MessageBox> : null}
      <section aria-label={T.listLabel}>
        {isLoading ? <Spinner label="Chargement des partenaires…" /> : null}
        {isError ? <MessageBox tone="error">{T.loadFailed}</MessageBox> : null}
        {data && data.partners.length === 0 ? <p>{T.none}</p> : null}
        <ul className={styles.list}>
          {data?.partners.map((partner) => (
            <li key={partner.id} className={styles.card}>
              <h2>{partner.name}</h2>
              <p>
                <a href={partner.website}>{partner.website}</a> · {partner.contactEmail}
              </p>
              <p>
                {T.allowed} : {partner.allowedHosts.join(', ') || '—'}
              </p>
              <PartnerSnippet partnerId={partner.id} partnerName={partner.name} kits={kits?.kits} />
              <div className={styles.actions}>
                <Link to={WebPagePaths.adminPartnerReport.replace(':id', partner.id)} className={buttonClassName('secondary')} aria-label={T.report(partner.name)}>
                  {T.reportLink}
                </Link>
                <Button variant="secondary" onClick={() => edit(partner)} aria-label={T.edit(partner.name)}>
                  Modifier
                </Button>
                <Button variant="secondary" onClick={() => void drop(partner)} aria-label={T.remove(partner.name)}>
                  Supprimer
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="partner-form-title">
        <h2 id="partner-form-title" ref={formHeading} tabIndex={-1}>
          {editing ? T.editTitle(editing.name) : T.newTitle}
        </h2>
        <TextField label={T.fields.name} required {...field('name')} />
        <TextField label={T.fields.logoUrl} type="url" {...field('logoUrl')} />
        <TextField label={T.fields.website} type="url" required {...field('website')} />
        <TextField label={T.fields.contactEmail} type="email" required {...field('contactEmail')} />
        <TextAreaField label={T.fields.allowedHosts} hint={T.hostsHint} rows={3} {...field('allowedHosts')} />
        <div className={styles.actions}>
          <Button type="submit" disabled={creating.isLoading || updating.isLoading}>
            {editing ? T.save : T.create}
          </Button>
          {editing ? (
            <Button type="button" variant="secondary" onClick={reset}>
              {T.cancel}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
