import type { ReactNode } from 'react';
import { PageHeader } from '../components/page-header.tsx';
import { useLang, usePageData, useT } from '../hooks.ts';
import { ContactButtons } from '../layout/contact-actions.tsx';
import { pagePath } from '../../../shared/paths.ts';
import {
  BUILDINGS,
  OTHER_CITY,
  REQUEST_FIELDS,
  REQUEST_LIMITS,
  type RequestField,
} from '../../../shared/quote-request.ts';

const idOf = (field: RequestField) => `rq-${field}`;

/**
 * /request: the request form ("Request a free inspection", issue 35). A plain form posted as
 * multipart/form-data to its own address, so it works before (and without) any script; the
 * server answers with the thank-you page or this form again, every refused field with its error
 * beside it and every value as typed. The request-form island adds checks as typed, smaller
 * photos, progress and a kept draft.
 */
export function RequestPage() {
  const t = useT();
  const lang = useLang();
  const { cities, values, errors, productTitle, photosLost, shownAt } = usePageData('request');
  const w = t.request;
  const refused = REQUEST_FIELDS.filter((f) => errors[f]);

  const error = (field: RequestField) =>
    errors[field] && (
      <p id={`${idOf(field)}-error`} className="field-error">
        {w.errors[errors[field]!]}
      </p>
    );
  const described = (field: RequestField, hint?: boolean) =>
    [hint ? `${idOf(field)}-hint` : '', errors[field] ? `${idOf(field)}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const invalid = (field: RequestField) => (errors[field] ? true : undefined);
  const field = (
    name: RequestField,
    label: string,
    control: ReactNode,
    opts: { hint?: string; required?: boolean } = {},
  ) => (
    <div className={`field${errors[name] ? ' field-invalid' : ''}`} data-field={name}>
      <label htmlFor={idOf(name)}>
        {label}
        {opts.required && <span aria-hidden="true"> *</span>}
      </label>
      {opts.hint && (
        <p id={`${idOf(name)}-hint`} className="field-hint">
          {opts.hint}
        </p>
      )}
      {control}
      {error(name)}
    </div>
  );

  return (
    <>
      <PageHeader title={w.heading} lead={w.lead} />
      <section className="section">
        <div className="container request-layout">
          <form
            className="request-form contact-card"
            method="post"
            action={pagePath('request', lang)}
            encType="multipart/form-data"
            data-island="request-form"
          >
            {refused.length > 0 && (
              <div className="form-errors" role="alert" id="request-errors">
                <h2 className="form-errors-title">{w.errorsHeading(refused.length)}</h2>
                <ul>
                  {refused.map((f) => (
                    <li key={f}>
                      <a href={`#${idOf(f)}`}>
                        {labelOf(f, w)}: {w.errors[errors[f]!]}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {productTitle && <p className="request-about">{w.about(productTitle)}</p>}
            <input type="hidden" name="product" value={values.product} />
            <input type="hidden" name="shown" value={String(shownAt)} />
            <input type="hidden" name="proof" value="" />
            <p className="field-hint">{w.requiredNote}</p>
            {field(
              'name',
              w.name,
              <input
                id={idOf('name')}
                name="name"
                type="text"
                autoComplete="name"
                required
                maxLength={REQUEST_LIMITS.name}
                defaultValue={values.name}
                aria-invalid={invalid('name')}
                aria-describedby={described('name')}
              />,
              { required: true },
            )}
            {field(
              'phone',
              w.phone,
              <input
                id={idOf('phone')}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                dir="ltr"
                required
                maxLength={REQUEST_LIMITS.phone}
                defaultValue={values.phone}
                aria-invalid={invalid('phone')}
                aria-describedby={described('phone', true)}
              />,
              { required: true, hint: w.phoneHint },
            )}
            {field(
              'city',
              w.city,
              <select
                id={idOf('city')}
                name="city"
                required
                defaultValue={values.city}
                aria-invalid={invalid('city')}
                aria-describedby={described('city')}
              >
                <option value="">{w.cityPick}</option>
                {cities.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
                <option value={OTHER_CITY}>{w.cityOther}</option>
              </select>,
              { required: true },
            )}
            {field(
              'cityOther',
              w.cityOtherLabel,
              <input
                id={idOf('cityOther')}
                name="cityOther"
                type="text"
                autoComplete="address-level2"
                maxLength={REQUEST_LIMITS.cityOther}
                defaultValue={values.cityOther}
                aria-invalid={invalid('cityOther')}
                aria-describedby={described('cityOther')}
              />,
            )}
            {field(
              'building',
              w.building,
              <select
                id={idOf('building')}
                name="building"
                required
                defaultValue={values.building}
                aria-invalid={invalid('building')}
                aria-describedby={described('building')}
              >
                <option value="">{w.buildingPick}</option>
                {BUILDINGS.map((b) => (
                  <option key={b} value={b}>
                    {w.buildings[b]}
                  </option>
                ))}
              </select>,
              { required: true },
            )}
            {field(
              'problem',
              w.problem,
              <textarea
                id={idOf('problem')}
                name="problem"
                rows={4}
                required
                maxLength={REQUEST_LIMITS.problem}
                defaultValue={values.problem}
                aria-invalid={invalid('problem')}
                aria-describedby={described('problem', true)}
              />,
              { required: true, hint: w.problemHint },
            )}
            {field(
              'photos',
              w.photos,
              <>
                {photosLost && (
                  <p className="field-error" id={`${idOf('photos')}-again`}>
                    {w.photosAgain}
                  </p>
                )}
                <input
                  id={idOf('photos')}
                  name="photos"
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                  multiple
                  aria-invalid={invalid('photos')}
                  aria-describedby={described('photos', true)}
                />
              </>,
              { hint: w.photosHint },
            )}
            {field(
              'preferredTime',
              w.preferredTime,
              <input
                id={idOf('preferredTime')}
                name="preferredTime"
                type="text"
                maxLength={REQUEST_LIMITS.preferredTime}
                defaultValue={values.preferredTime}
                aria-invalid={invalid('preferredTime')}
                aria-describedby={described('preferredTime', true)}
              />,
              { hint: w.preferredTimeHint },
            )}
            <div className={`field field-check${errors.consent ? ' field-invalid' : ''}`} data-field="consent">
              <label className="check">
                <input
                  id={idOf('consent')}
                  name="consent"
                  type="checkbox"
                  value="yes"
                  required
                  defaultChecked={values.consent}
                  aria-invalid={invalid('consent')}
                  aria-describedby={described('consent')}
                />
                <span>
                  {w.consent}
                  <span aria-hidden="true"> *</span>
                </span>
              </label>
              {error('consent')}
            </div>
            {/* Left empty by people, who never see it; filled by robots that fill every field. */}
            <div className="trap" aria-hidden="true">
              <label>
                {w.trap}
                <input name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
              </label>
            </div>
            <p className="request-status" role="status" aria-live="polite" />
            <button className="btn btn-primary btn-lg request-send" type="submit">
              {w.send}
            </button>
          </form>
          <aside className="request-side">
            <ContactButtons request={false} />
          </aside>
        </div>
      </section>
    </>
  );
}

function labelOf(field: RequestField, w: ReturnType<typeof useT>['request']): string {
  switch (field) {
    case 'cityOther':
      return w.cityOtherLabel;
    case 'consent':
      return w.consent;
    case 'product':
      return w.link;
    default:
      return w[field];
  }
}
