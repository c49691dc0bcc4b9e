import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/forms/FormFields';
import {
  SOCIAL_NETWORKS,
  type SiteSettings,
  type SiteSettingsInput,
  type SocialNetwork,
} from '../../lib/schemas/site-settings';
import { api, apiErrorOf } from '../../stores/api-client';

type Form = { contactEmail: string; phone: string; whatsapp: string; officeHours: string; address: string } & Record<
  SocialNetwork,
  string
>;
const NETWORKS = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[];

function toForm(settings: SiteSettings): Form {
  return {
    contactEmail: settings.contactEmail ?? '',
    phone: settings.phone ?? '',
    whatsapp: settings.whatsapp ?? '',
    officeHours: settings.officeHours ?? '',
    address: settings.address ?? '',
    ...(Object.fromEntries(NETWORKS.map((n) => [n, settings.social[n] ?? ''])) as Record<SocialNetwork, string>),
  };
}

/**
 * `/admin/site-settings` (super admin): the contact e-mail, phone, WhatsApp number, office hours and address
 * the footer and the chat panel show, and the institute's own pages on social networks. An empty field hides that item.
 */
export default function SiteSettingsForm() {
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api
      .get<SiteSettings>('admin/settings/site')
      .then((settings) => setForm(toForm(settings)))
      .catch(async (failure) => toast.error((await apiErrorOf(failure)).message));
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setBusy(true);
    const body: SiteSettingsInput = {
      contactEmail: form.contactEmail,
      phone: form.phone,
      whatsapp: form.whatsapp,
      officeHours: form.officeHours,
      address: form.address,
      social: Object.fromEntries(NETWORKS.map((n) => [n, form[n]])) as SiteSettingsInput['social'],
    };
    try {
      setForm(toForm(await api.put<SiteSettings>('admin/settings/site', body)));
      setErrors({});
      toast.success('Saved: the footer and the contact panel show the change within a minute.');
    } catch (failure) {
      const problem = await apiErrorOf(failure);
      setErrors(problem.fields);
      toast.error(problem.message);
    } finally {
      setBusy(false);
    }
  }

  if (!form) return null;
  const field = (name: keyof Form, label: string, errorKey: string = name, multiline = false) => {
    const common = { id: `site-${name}`, label, value: form[name], error: errors[errorKey] ?? null };
    return multiline ? (
      <TextField {...common} multiline rows={3} onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })} />
    ) : (
      <TextField {...common} onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })} />
    );
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Site settings</h1>
      <p className="mt-1 text-slate-700">
        What the footer and the contact panel of every public page show. Leave a field empty to hide it: nothing is
        shown until it is set.
      </p>
      <form onSubmit={(event) => void save(event)} className="mt-4 space-y-4" noValidate>
        {field('contactEmail', 'Contact e-mail')}
        {field('phone', 'Phone')}
        {field('whatsapp', 'WhatsApp number (with the country code)')}
        {field('officeHours', 'Office hours (such as: Monday to Friday, 10:00 to 17:30 IST)')}
        {field('address', 'Address', 'address', true)}
        <fieldset className="space-y-4">
          <legend className="font-semibold">NIPM’s own pages on social networks</legend>
          {NETWORKS.map((n) => (
            <div key={n}>{field(n, `${SOCIAL_NETWORKS[n].label} page address`, `social.${n}`)}</div>
          ))}
        </fieldset>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Save
        </button>
      </form>
    </div>
  );
}
