import { MEMBER_MESSAGES } from '@coop/shared/member-rules';
import type {
  AdminCreateMember,
  AdminCreateMemberInput,
  AdminMember,
  AdminMemberResponse,
  AdminUpdateMember,
  AdminUpdateMemberInput,
} from '@coop/shared/members';
import { UserPlus, Pencil } from 'lucide-react';
import { Controller, useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormField } from '../../../../components/form/form-field';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { adminMemberPath } from '../../../../config/paths';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { useCreateMember } from '../../api/create-member';
import { useUpdateMember } from '../../api/update-member';
import { FieldsDialog } from '../../../../components/dialogs/fields-dialog';

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
const NEW_MEMBER_FIELDS = [...CONTACT_FIELDS, 'membershipId', 'joinedOn'] as const;
const FAILURE = 'The member could not be saved';

const createResolver = lazyResolver<AdminCreateMemberInput, AdminCreateMember>(() =>
  import('./member-form-validation').then((module) => module.createMemberResolver),
);
const updateResolver = lazyResolver<AdminUpdateMemberInput, AdminUpdateMember>(() =>
  import('./member-form-validation').then((module) => module.updateMemberResolver),
);

/** The names, e-mail and phone fields, shared by both forms (the kit's form is their context). */
function ContactFields({ id }: { id: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<AdminUpdateMemberInput>();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-firstName`} label="First name" error={errors.firstName?.message}>
          <Input autoComplete="off" required {...register('firstName')} />
        </FormField>
        <FormField id={`${id}-lastName`} label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="off" required {...register('lastName')} />
        </FormField>
      </div>
      <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="off" required {...register('email')} />
      </FormField>
      <FormField
        id={`${id}-phoneNumber`}
        label="Phone number (optional)"
        error={errors.phoneNumber?.message}
      >
        <Input type="tel" placeholder="0803 123 4567" {...register('phoneNumber')} />
      </FormField>
    </>
  );
}

/** Both forms save the same way and say so in the same words. */
const SAVING = { failure: FAILURE, success: MEMBER_MESSAGES.memberUpdated, pending: 'Saving...' };

/** 'Add member': one member, whose activation e-mail goes out through the outbox. */
export function CreateMemberDialog() {
  const create = useCreateMember();
  const navigate = useNavigate();
  return (
    <FieldsDialog<AdminCreateMemberInput, undefined, AdminCreateMember, AdminMemberResponse>
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
      resolver={createResolver}
      defaultValues={{
        firstName: '',
        lastName: '',
        email: '',
        phoneNumber: '',
        membershipId: '',
        joinedOn: '',
        isLoanReviewer: false,
        isExco: false,
      }}
      fields={NEW_MEMBER_FIELDS}
      texts={{ ...SAVING, submit: 'Create member' }}
      send={(values, key) => create.mutateAsync({ idempotencyKey: key, values })}
      onSent={({ data }) => void navigate(adminMemberPath(data.id))}
    >
      {({ register, control, formState: { errors } }, id) => (
        <>
          <ContactFields id={id} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id={`${id}-membershipId`}
              label="Membership ID (optional)"
              error={errors.membershipId?.message}
            >
              <Input placeholder="Next free ID" {...register('membershipId')} />
            </FormField>
            <FormField
              id={`${id}-joinedOn`}
              label="Joined on (optional)"
              error={errors.joinedOn?.message}
            >
              <Input type="date" {...register('joinedOn')} />
            </FormField>
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
                <Controller
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <Checkbox
                      id={`${id}-${name}`}
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                    />
                  )}
                />
                <Label htmlFor={`${id}-${name}`}>{label}</Label>
              </div>
            ))}
          </fieldset>
        </>
      )}
    </FieldsDialog>
  );
}

/** 'Edit details': names, e-mail and phone; a phone left blank is removed. */
export function EditMemberDialog({ member }: { member: AdminMember }) {
  const update = useUpdateMember();
  return (
    <FieldsDialog<AdminUpdateMemberInput, undefined, AdminUpdateMember>
      trigger={
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          Edit details
        </Button>
      }
      className="max-h-dvh overflow-y-auto"
      title={<>Edit {member.firstName}’s details</>}
      description={<>Names, e-mail and phone number.</>}
      resolver={updateResolver}
      defaultValues={{
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        phoneNumber: member.phoneNumber ?? '',
      }}
      fields={CONTACT_FIELDS}
      texts={{ ...SAVING, submit: 'Save changes' }}
      send={(values) => update.mutateAsync({ id: member.id, values })}
    >
      {(_form, id) => <ContactFields id={id} />}
    </FieldsDialog>
  );
}
