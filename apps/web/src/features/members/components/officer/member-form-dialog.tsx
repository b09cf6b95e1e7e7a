import { MEMBER_MESSAGES } from '@coop/shared/member-rules';
import type {
  AdminCreateMember,
  AdminCreateMemberInput,
  AdminMember,
  AdminUpdateMember,
  AdminUpdateMemberInput,
} from '@coop/shared/members';
import { UserPlus, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/form/form-field';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { adminMemberPath } from '../../../../config/paths';
import { showSubmitFailure } from '../../../../lib/apply-server-errors';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { useCreateMember } from '../../api/create-member';
import { useUpdateMember } from '../../api/update-member';
import {
  DialogActions,
  DialogFailure,
  FormDialog,
} from '../../../../components/dialogs/form-dialog';
import { Form } from '../../../../components/form/form';

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
const NEW_MEMBER_FIELDS = [...CONTACT_FIELDS, 'membershipId', 'joinedOn'] as const;
const FAILURE = 'The member could not be saved';

const createResolver = lazyResolver<AdminCreateMemberInput, AdminCreateMember>(() =>
  import('./member-form-validation').then((module) => module.createMemberResolver),
);
const updateResolver = lazyResolver<AdminUpdateMemberInput, AdminUpdateMember>(() =>
  import('./member-form-validation').then((module) => module.updateMemberResolver),
);

/** The names, e-mail and phone fields, shared by both forms (inside their FormProvider). */
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

function onSaved(onDone: (saved: AdminMember) => void) {
  return ({ data, message }: { data: AdminMember; message?: string }) => {
    toast.success(message ?? MEMBER_MESSAGES.memberUpdated);
    onDone(data);
  };
}

/** 'Add member': the form inside the dialog's content, so closing it forgets what was typed. */
function NewMemberForm({ onDone }: { onDone: (saved: AdminMember) => void }) {
  const id = useId();
  const create = useCreateMember();
  const [key] = useState(() => crypto.randomUUID());
  const form = useForm<AdminCreateMemberInput, unknown, AdminCreateMember>({
    resolver: createResolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      membershipId: '',
      joinedOn: '',
      isLoanReviewer: false,
      isExco: false,
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const onSubmit = (values: AdminCreateMember) =>
    create
      .mutateAsync({ idempotencyKey: key, values })
      .then(onSaved(onDone), (error: unknown) =>
        showSubmitFailure(error, setError, NEW_MEMBER_FIELDS, FAILURE),
      );
  return (
    <FormProvider {...form}>
      <Form
        submit={handleSubmit(onSubmit)}
        preload={createResolver.preload}
        className="grid grid-cols-1 gap-4"
      >
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
        <DialogFailure message={errors.root?.server?.message} />
        <DialogActions
          submitLabel="Create member"
          pendingLabel="Saving..."
          pending={create.isPending}
        />
      </Form>
    </FormProvider>
  );
}

/** 'Edit details': names, e-mail and phone; a phone left blank is removed. */
function EditMemberForm({ member, onDone }: { member: AdminMember; onDone: () => void }) {
  const id = useId();
  const update = useUpdateMember();
  const form = useForm<AdminUpdateMemberInput, unknown, AdminUpdateMember>({
    resolver: updateResolver,
    defaultValues: {
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      phoneNumber: member.phoneNumber ?? '',
    },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const onSubmit = (values: AdminUpdateMember) =>
    update
      .mutateAsync({ id: member.id, values })
      .then(onSaved(onDone), (error: unknown) =>
        showSubmitFailure(error, setError, CONTACT_FIELDS, FAILURE),
      );
  return (
    <FormProvider {...form}>
      <Form
        submit={handleSubmit(onSubmit)}
        preload={updateResolver.preload}
        className="grid grid-cols-1 gap-4"
      >
        <ContactFields id={id} />
        <DialogFailure message={errors.root?.server?.message} />
        <DialogActions
          submitLabel="Save changes"
          pendingLabel="Saving..."
          pending={update.isPending}
        />
      </Form>
    </FormProvider>
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
      <NewMemberForm
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
      <EditMemberForm member={member} onDone={() => setOpen(false)} />
    </FormDialog>
  );
}
