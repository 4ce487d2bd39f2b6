import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasHeaderUnsafeCharacters } from '@linea/shared/domain/header-text';
import { contactMessageRequest, type ContactMessageRequest } from '@linea/shared/contracts/contact';
import { SHOP_POLICY } from '@linea/shared/domain/shop-policy';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useLocale } from '../../../i18n/i18n';
import { toast } from '../../../stores/toast-store';
import { sendContactMessage } from '../api/send-contact-message';
import '../contact.css';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const REQUIRED: readonly Field[] = ['name', 'email', 'message'];
const FIELD_ORDER: readonly Field[] = ['name', 'email', 'subject', 'message'];

const isField = (value: unknown): value is Field => FIELD_ORDER.includes(value as Field);

/**
 * The spec's contact form: name, email and message required, subject optional ('Please fill in
 * all required fields'). The message is stored by the server (POST /contact). The client checks
 * with the same contract the server uses, so both agree on what is valid; on any failure the
 * shopper's text stays in the form.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ text: string; failedToSend: boolean } | undefined>();
  const fieldRefs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const hours = SHOP_POLICY.contactReplyHours;

  /** Per-field text for a field the contract (client or server) rejected. */
  const problemText = (field: Field, value: string) => {
    if (!value.trim()) return t('contactPage.fieldRequired');
    // Name and subject go into the shop's email headers, where a line break cannot go.
    if (field !== 'message' && hasHeaderUnsafeCharacters(value.trim())) return t('contactPage.lineBreaks');
    return field === 'email' ? t('contactPage.invalidEmail') : t('contactPage.tooLong');
  };

  const focusFirst = (errors: FieldErrors) => {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) fieldRefs.current[first]?.focus();
  };

  const mutation = useMutation({
    mutationFn: (request: ContactMessageRequest) => sendContactMessage(request),
    onSuccess: () => {
      setValues(EMPTY);
      setFieldErrors({});
      setFormError(undefined);
      // Keyed as the form's action, so an error toast of it, if it ever raises one, gives way.
      toast.success(t('contactPage.successTitle'), {
        description: t('contactPage.successDescription', { hours }),
        key: 'contact',
      });
    },
    onError: (err) => {
      if (isApiError(err) && err.code === 'VALIDATION') {
        const errors: FieldErrors = {};
        for (const issue of err.fieldIssues) {
          if (isField(issue.field)) errors[issue.field] = problemText(issue.field, values[issue.field]);
        }
        setFieldErrors(errors);
        focusFirst(errors);
      }
      const code = isApiError(err) ? err.code : 'INTERNAL';
      setFormError({ text: t(`errors.${code}`), failedToSend: true });
    },
  });

  function validate(): ContactMessageRequest | undefined {
    const missing = REQUIRED.filter((field) => !values[field].trim());
    if (missing.length > 0) {
      const errors = Object.fromEntries(missing.map((field) => [field, t('contactPage.fieldRequired')]));
      setFieldErrors(errors);
      setFormError({ text: t('contactPage.requiredFields'), failedToSend: false });
      focusFirst(errors);
      return undefined;
    }
    const subject = values.subject.trim();
    const parsed = contactMessageRequest.safeParse({
      name: values.name,
      email: values.email,
      ...(subject ? { subject } : {}),
      message: values.message,
      locale,
    });
    if (parsed.success) return parsed.data;
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && !errors[field]) errors[field] = problemText(field, values[field]);
    }
    setFieldErrors(errors);
    setFormError({ text: t('errors.VALIDATION'), failedToSend: false });
    focusFirst(errors);
    return undefined;
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const request = validate();
    if (!request) return;
    setFieldErrors({});
    setFormError(undefined);
    mutation.mutate(request);
  }

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const busy = mutation.isPending;
  return (
    <form className="contact-form" onSubmit={handleSubmit} noValidate aria-busy={busy || undefined}>
      {/* What to fix goes first, where the first invalid field takes focus; a failed send is
          reported beside the button the shopper just used. */}
      {formError && !formError.failedToSend ? (
        <div className="form-alert" role="alert">
          <p>{formError.text}</p>
        </div>
      ) : null}
      <div className="field-row">
        <TextField
          ref={(element) => {
            fieldRefs.current.name = element;
          }}
          label={t('contactPage.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={120}
          value={values.name}
          onChange={change('name')}
          error={fieldErrors.name}
          announceError={false}
        />
        <TextField
          ref={(element) => {
            fieldRefs.current.email = element;
          }}
          label={t('contactPage.formEmail')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={values.email}
          onChange={change('email')}
          error={fieldErrors.email}
          announceError={false}
        />
      </div>
      <TextField
        ref={(element) => {
          fieldRefs.current.subject = element;
        }}
        label={t('contactPage.subject')}
        labelNote={t('contactPage.optional')}
        name="subject"
        maxLength={200}
        value={values.subject}
        onChange={change('subject')}
        error={fieldErrors.subject}
        announceError={false}
      />
      <TextAreaField
        ref={(element) => {
          fieldRefs.current.message = element;
        }}
        label={t('contactPage.message')}
        name="message"
        required
        rows={7}
        maxLength={5000}
        value={values.message}
        onChange={change('message')}
        error={fieldErrors.message}
      />
      {formError?.failedToSend ? (
        <div className="form-alert" role="alert">
          <p className="form-alert-title">{t('contactPage.failedTitle')}</p>
          <p>{formError.text}</p>
          <p className="form-alert-note">{t('contactPage.failedKept')}</p>
        </div>
      ) : null}
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('contactPage.sending') : t('contactPage.submit')}
        </Button>
      </div>
    </form>
  );
}
