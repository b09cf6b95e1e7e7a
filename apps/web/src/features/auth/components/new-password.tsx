import { CircleCheck } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { PasswordInput } from '../../../components/ui/password-input';
import {
  RequirementChecklist,
  type Requirement,
} from '../../../components/ui/requirement-checklist';

/** One password field of the form: its words, its message, and what `register` gave for it. */
type PasswordField = {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
};

/**
 * A new password and its confirmation (docs/member-portal.md §2 Activation and Reset): the
 * password with its live checklist under it, then the same password again. Each field's id is
 * its name in the form.
 */
export function NewPasswordFields({
  password,
  confirm,
  requirements,
  value,
}: {
  password: PasswordField;
  confirm: PasswordField;
  requirements: readonly Requirement[];
  /** The password as typed so far, which the checklist follows. */
  value: string;
}) {
  return (
    <>
      <FormField
        id={password.registration.name}
        label={password.label}
        error={password.error}
        describedBy="password-requirements"
      >
        <PasswordInput autoComplete="new-password" {...password.registration} />
      </FormField>

      <RequirementChecklist id="password-requirements" requirements={requirements} value={value} />

      <FormField id={confirm.registration.name} label={confirm.label} error={confirm.error}>
        <PasswordInput autoComplete="new-password" {...confirm.registration} />
      </FormField>
    </>
  );
}

/** The card once the password is set: a tick, what happened, and the way on. */
export function PasswordSet({
  title,
  description,
  next,
}: {
  title: string;
  description: string;
  next: { to: string; label: string };
}) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CircleCheck aria-hidden="true" className="size-12 text-success" />
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg" className="w-full">
          <Link to={next.to}>{next.label}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
