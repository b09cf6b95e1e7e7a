import { formatPhone } from '@coop/shared/phone';
import { PROFILE_MESSAGES } from '@coop/shared/account-rules';
import type { ProfileUpdate } from '@coop/shared/users';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { CurrentPasswordField } from '../../../components/form/current-password-field';
import { FormField } from '../../../components/form/form-field';
import { DialogActions, DialogFailure, FormDialog } from '../../../components/dialogs/form-dialog';
import { Input } from '../../../components/ui/input';
import { showSubmitFailure } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useUpdateProfile, type ProfileUpdateInput } from '../api/get-profile';
import { Form } from '../../../components/form/form';

const FIELDS = ['phoneNumber', 'currentPassword'] as const;
const resolver = lazyResolver<ProfileUpdateInput, ProfileUpdate>(() =>
  import('./edit-phone-validation').then((module) => module.editPhoneResolver),
);

function EditPhoneForm({ phone, onDone }: { phone: string | null; onDone: () => void }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver,
    defaultValues: { phoneNumber: phone ? formatPhone(phone) : '', currentPassword: '' },
  });

  const onSubmit = (values: ProfileUpdate) =>
    update.mutateAsync(values).then(
      () => {
        toast.success(PROFILE_MESSAGES.updatedTitle, { description: PROFILE_MESSAGES.updated });
        onDone();
      },
      (failure: unknown) =>
        showSubmitFailure(failure, setError, FIELDS, PROFILE_MESSAGES.updateFailedTitle),
    );

  return (
    <Form submit={handleSubmit(onSubmit)} preload={resolver.preload} className="grid gap-4">
      <DialogFailure message={errors.root?.server?.message} />
      <FormField
        id="profile-phone"
        label="Phone number"
        error={errors.phoneNumber?.message}
        describedBy="phone-hint"
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0803 000 0000"
          {...register('phoneNumber')}
        />
      </FormField>
      <p id="phone-hint" className="-mt-2 text-sm text-muted-foreground">
        A Nigerian mobile number. You can also sign in with it. Leave it empty to remove it.
      </p>
      <CurrentPasswordField
        id="profile-current-password"
        error={errors.currentPassword?.message}
        hint="Your phone number signs you in, so we ask for your password to change it."
        {...register('currentPassword')}
      />
      <DialogActions submitLabel="Save" pendingLabel="Saving..." pending={update.isPending} />
    </Form>
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
