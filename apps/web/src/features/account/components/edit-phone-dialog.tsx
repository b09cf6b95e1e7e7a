import { formatPhone } from '@coop/shared/phone';
import { PROFILE_MESSAGES } from '@coop/shared/account-rules';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { CurrentPasswordField } from '../../../components/form/current-password-field';
import { FormField } from '../../../components/form/form-field';
import { DialogActions, FormDialog } from '../../../components/dialogs/form-dialog';
import { Input } from '../../../components/ui/input';
import { failureMessage } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/apply-server-errors';
import { useUpdateProfile } from '../api/get-profile';

type Field = 'phoneNumber' | 'currentPassword';
const FIELDS: readonly Field[] = ['phoneNumber', 'currentPassword'];

function EditPhoneForm({ phone, onDone }: { phone: string | null; onDone: () => void }) {
  const update = useUpdateProfile();
  const [value, setValue] = useState(phone ? formatPhone(phone) : '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (currentPassword === '') {
      setErrors({ currentPassword: 'Current password is required' });
      return;
    }
    const typed = value.trim();
    update.mutate(
      { phoneNumber: typed === '' ? null : typed, currentPassword },
      {
        onSuccess: () => {
          toast.success(PROFILE_MESSAGES.updatedTitle, { description: PROFILE_MESSAGES.updated });
          onDone();
        },
        onError: (failure) => {
          const onFields = serverFieldMessages(failure, FIELDS);
          // A failure that belongs to no field (a lockout, the network) shows under the phone.
          setErrors(
            Object.keys(onFields).length > 0
              ? onFields
              : { phoneNumber: failureMessage(failure, PROFILE_MESSAGES.updateFailedTitle) },
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField
        id="profile-phone"
        label="Phone number"
        error={errors.phoneNumber}
        describedBy="phone-hint"
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0803 000 0000"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setErrors((current) => ({ ...current, phoneNumber: undefined }));
          }}
        />
      </FormField>
      <p id="phone-hint" className="-mt-2 text-sm text-muted-foreground">
        A Nigerian mobile number. You can also sign in with it. Leave it empty to remove it.
      </p>
      <CurrentPasswordField
        id="profile-current-password"
        value={currentPassword}
        onChange={(value) => {
          setCurrentPassword(value);
          setErrors((current) => ({ ...current, currentPassword: undefined }));
        }}
        error={errors.currentPassword}
        hint="Your phone number signs you in, so we ask for your password to change it."
      />
      <DialogActions submitLabel="Save" pendingLabel="Saving..." pending={update.isPending} />
    </form>
  );
}

/** 'Edit Profile': the member's phone number, the one field that is theirs to change. */
export function EditPhoneDialog({
  phone,
  open,
  onOpenChange,
}: {
  phone: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Profile"
      description={PROFILE_MESSAGES.administratorOnly}
    >
      {(close) => <EditPhoneForm phone={phone} onDone={close} />}
    </FormDialog>
  );
}
