import { MEMBER_MESSAGES } from '@coop/shared/member-rules';
import type { AdminMember } from '@coop/shared/members';
import { UserPlus, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/form/form-field';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { adminMemberPath } from '../../../../config/paths';
import { failureMessage, fieldErrors } from '../../../../lib/api-client';
import { useCreateMember } from '../../api/create-member';
import { useUpdateMember } from '../../api/update-member';
import { DialogActions, FormDialog } from '../../../../components/dialogs/form-dialog';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  membershipId: string;
  joinedOn: string;
  isLoanReviewer: boolean;
  isExco: boolean;
};

const blank: Values = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  membershipId: '',
  joinedOn: '',
  isLoanReviewer: false,
  isExco: false,
};

/** The form inside the dialog's content, so closing the dialog forgets what was typed. */
function MemberForm({
  member,
  onDone,
}: {
  member?: AdminMember;
  onDone: (saved: AdminMember) => void;
}) {
  const id = useId();
  const create = useCreateMember();
  const update = useUpdateMember();
  const [key] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<Values>(
    member
      ? {
          ...blank,
          firstName: member.firstName,
          lastName: member.lastName,
          email: member.email,
          phoneNumber: member.phoneNumber ?? '',
        }
      : blank,
  );
  const mutation = member ? update : create;
  const errors = mutation.isError ? fieldErrors(mutation.error) : {};
  const generalError =
    mutation.isError && Object.keys(errors).length === 0
      ? failureMessage(mutation.error, 'The member could not be saved')
      : null;
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const onSuccess = ({ data, message }: { data: AdminMember; message?: string }) => {
      toast.success(message ?? MEMBER_MESSAGES.memberUpdated);
      onDone(data);
    };
    if (member) {
      update.mutate(
        {
          id: member.id,
          values: {
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            phoneNumber: values.phoneNumber.trim() === '' ? null : values.phoneNumber,
          },
        },
        { onSuccess },
      );
    } else {
      create.mutate(
        {
          key,
          values: {
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            phoneNumber: values.phoneNumber,
            membershipId: values.membershipId,
            joinedOn: values.joinedOn,
            isLoanReviewer: values.isLoanReviewer,
            isExco: values.isExco,
          },
        },
        { onSuccess },
      );
    }
  };

  const field = (name: keyof Values, label: string, props: Record<string, unknown> = {}) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]}>
      <Input value={values[name] as string} onChange={set(name)} {...props} />
    </FormField>
  );

  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First name', { autoComplete: 'off', required: true })}
        {field('lastName', 'Last name', { autoComplete: 'off', required: true })}
      </div>
      {field('email', 'Email', { type: 'email', autoComplete: 'off', required: true })}
      {field('phoneNumber', 'Phone number (optional)', {
        type: 'tel',
        placeholder: '0803 123 4567',
      })}
      {member ? null : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('membershipId', 'Membership ID (optional)', { placeholder: 'Next free ID' })}
            {field('joinedOn', 'Joined on (optional)', { type: 'date' })}
          </div>
          <fieldset className="grid grid-cols-1 gap-3">
            <legend className="mb-1 text-sm font-medium">Roles</legend>
            {(
              [
                ['isLoanReviewer', 'Loan reviewer'],
                ['isExco', 'Exco member'],
              ] as const
            ).map(([name, label]) => (
              <div key={name} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${name}`}
                  checked={values[name]}
                  onCheckedChange={(checked) =>
                    setValues((current) => ({ ...current, [name]: checked === true }))
                  }
                />
                <Label htmlFor={`${id}-${name}`}>{label}</Label>
              </div>
            ))}
          </fieldset>
        </>
      )}
      {generalError ? (
        <Alert variant="destructive">
          <AlertDescription>{generalError}</AlertDescription>
        </Alert>
      ) : null}
      <DialogActions
        submitLabel={member ? 'Save changes' : 'Create member'}
        pendingLabel="Saving..."
        pending={mutation.isPending}
      />
    </form>
  );
}

/** 'Add member': one member, whose activation e-mail goes out through the outbox. */
export function CreateMemberDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <UserPlus aria-hidden="true" />
          Add member
        </Button>
      }
      className="max-h-dvh overflow-y-auto"
      title={<>Add a member</>}
      description={
        <>The member receives an e-mail with a link to set their password (valid 7 days).</>
      }
    >
      <MemberForm
        onDone={(saved) => {
          setOpen(false);
          void navigate(adminMemberPath(saved.id));
        }}
      />
    </FormDialog>
  );
}

/** 'Edit details': names, e-mail and phone. */
export function EditMemberDialog({ member }: { member: AdminMember }) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          Edit details
        </Button>
      }
      className="max-h-dvh overflow-y-auto"
      title={<>Edit {member.firstName}’s details</>}
      description={<>Names, e-mail and phone number.</>}
    >
      <MemberForm member={member} onDone={() => setOpen(false)} />
    </FormDialog>
  );
}
