import { SETTINGS_MESSAGES } from '@coop/shared/account-rules';
import type { UserSettings, UserSettingsUpdate } from '@coop/shared/settings';
import { Download, History, KeyRound, ShieldCheck } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { DialogActions, FormDialog } from '../../../components/dialogs/form-dialog';
import { Switch } from '../../../components/ui/switch';
import { failureMessage, toApiError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { isDarkFor } from '../../../lib/theme';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { useDataExport } from './use-data-export';
import { ChangePasswordDialog } from './change-password-dialog';
import { NotFoundCard } from './profile-view';

function SettingRow({
  title,
  description,
  control,
}: {
  title: string;
  description: ReactNode;
  control: (labelledBy: string, describedBy: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="grid min-w-0 gap-0.5">
        <p id={`${id}-title`} className="font-medium">
          {title}
        </p>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      {control(`${id}-title`, `${id}-description`)}
    </div>
  );
}

/** A setting turned on or off where it stands: the switch named by the row's title and text. */
function SwitchRow({
  title,
  description,
  checked,
  disabled = false,
  onCheckedChange = () => {},
}: {
  title: string;
  description: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  return (
    <SettingRow
      title={title}
      description={description}
      control={(labelledBy, describedBy) => (
        <Switch
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** 'Manage': what a member may decide about how other members find them. */
function PrivacyDialog({ settings }: { settings: UserSettings }) {
  const [open, setOpen] = useState(false);
  const [findable, setFindable] = useState(settings.findableByPhone);
  const update = useUpdateSettings();
  const save = () =>
    void update.mutateAsync({ findableByPhone: findable }).then(
      () => {
        toast.success(SETTINGS_MESSAGES.savedTitle, { description: SETTINGS_MESSAGES.saved });
        setOpen(false);
      },
      (error: unknown) =>
        toast.error(SETTINGS_MESSAGES.saveFailedTitle, {
          description: failureMessage(error, 'Please try again.'),
        }),
    );
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setFindable(settings.findableByPhone);
        setOpen(next);
      }}
      busy={update.isPending}
      trigger={
        <Button variant="outline">
          <ShieldCheck aria-hidden="true" />
          Manage
        </Button>
      }
      title="Privacy"
      description="Decide how other members can find you."
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <SettingRow
          title="Findable by phone number"
          description="Members choosing guarantors for a loan can find you by your phone number. Your name, e-mail and membership ID always find you."
          control={(labelledBy, describedBy) => (
            <Switch
              checked={findable}
              onCheckedChange={setFindable}
              aria-labelledby={labelledBy}
              aria-describedby={describedBy}
            />
          )}
        />
        <DialogActions submitLabel="Save" pendingLabel="Saving..." pending={update.isPending} />
      </form>
    </FormDialog>
  );
}

/**
 * One model for every switch on the page (docs/decisions/051-account-pages.md): a switch acts
 * the moment it is flipped and is saved then, as a switch promises; a failed save puts it back
 * and says so. Only the Privacy dialog, which explains its one choice first, has a Save button.
 */
function useSaveSwitch() {
  const update = useUpdateSettings();
  const save = (change: UserSettingsUpdate) =>
    void update.mutateAsync(change).then(
      () => toast.success(SETTINGS_MESSAGES.savedTitle, { description: SETTINGS_MESSAGES.saved }),
      (error: unknown) =>
        toast.error(SETTINGS_MESSAGES.saveFailedTitle, {
          description: failureMessage(error, 'Please try again.'),
        }),
    );
  return { save, isPending: update.isPending };
}

function SettingsForm({ settings }: { settings: UserSettings }) {
  const email = useSaveSwitch();
  const sms = useSaveSwitch();
  const theme = useSaveSwitch();
  const exportData = useDataExport();
  const [changingPassword, setChangingPassword] = useState(false);
  const dark = isDarkFor(settings.darkMode);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Notifications
          </CardTitle>
          <CardDescription>
            How the cooperative reaches you. Changes are saved at once.
          </CardDescription>
        </CardHeader>
        <CardContent className="divide-y pt-2">
          <SwitchRow
            title="Email notifications"
            description="Important notices (such as guarantor requests) also come by e-mail. Security e-mails always do."
            checked={settings.emailNotifications}
            disabled={email.isPending}
            onCheckedChange={(emailNotifications) => email.save({ emailNotifications })}
          />
          <SwitchRow
            title="SMS notifications"
            description={SETTINGS_MESSAGES.smsDescription}
            checked={settings.smsNotifications}
            disabled={sms.isPending}
            onCheckedChange={(smsNotifications) => sms.save({ smsNotifications })}
          />
          <SwitchRow
            title="Push notifications"
            description={SETTINGS_MESSAGES.notAvailable}
            checked={settings.pushNotifications}
            disabled
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Appearance
          </CardTitle>
        </CardHeader>
        <CardContent className="pt-2">
          <SwitchRow
            title="Dark mode"
            description={
              settings.darkMode === null
                ? 'Follows your device until you choose. Applies at once and on every sign-in.'
                : 'Applies at once and on every sign-in.'
            }
            checked={dark}
            disabled={theme.isPending}
            onCheckedChange={(darkMode) => theme.save({ darkMode })}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Security
          </CardTitle>
        </CardHeader>
        <CardContent className="divide-y pt-2">
          <SettingRow
            title="Two-factor sign-in"
            description="A code from your phone as well as your password."
            control={() => (
              <Button variant="outline" asChild>
                <Link to={paths.settingsTwoFactor}>
                  <ShieldCheck aria-hidden="true" />
                  Enable two-factor
                </Link>
              </Button>
            )}
          />
          <SettingRow
            title="Password"
            description="Change the password you sign in with."
            control={() => (
              <Button variant="outline" onClick={() => setChangingPassword(true)}>
                <KeyRound aria-hidden="true" />
                Change
              </Button>
            )}
          />
          <SettingRow
            title="Login history"
            description="Where and when your account was signed in to."
            control={() => (
              <Button variant="outline" asChild>
                <Link to={paths.settingsLoginHistory}>
                  <History aria-hidden="true" />
                  View login history
                </Link>
              </Button>
            )}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Privacy
          </CardTitle>
        </CardHeader>
        <CardContent className="divide-y pt-2">
          <SettingRow
            title="Who can find you"
            description={
              settings.findableByPhone
                ? 'Members can find you as a guarantor by your phone number.'
                : 'Members cannot find you by your phone number.'
            }
            control={() => <PrivacyDialog settings={settings} />}
          />
          <SettingRow
            title="Your data"
            description="Download everything the portal holds about you (JSON)."
            control={() => (
              <Button
                variant="outline"
                disabled={exportData.isPending}
                onClick={() => exportData.mutate('json')}
              >
                <Download aria-hidden="true" />
                {exportData.isPending ? 'Exporting...' : 'Export'}
              </Button>
            )}
          />
        </CardContent>
      </Card>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </div>
  );
}

/** docs/member-portal.md §2 Settings, kept on the server (docs/business-rules.md). */
export function SettingsView() {
  const settings = useSettings();
  if (settings.isError && toApiError(settings.error).status === 404) {
    return <NotFoundCard title={SETTINGS_MESSAGES.notFound} />;
  }
  return (
    <QueryState
      isPending={settings.isPending}
      errorMessage={
        settings.isError ? failureMessage(settings.error, 'Failed to load settings') : null
      }
      onRetry={() => void settings.refetch()}
      isEmpty={false}
      emptyMessage={SETTINGS_MESSAGES.notFound}
      loadingLabel="Loading settings"
    >
      {settings.data ? (
        <SettingsForm settings={settings.data.data} />
      ) : (
        <NotFoundCard title={SETTINGS_MESSAGES.notFound} />
      )}
    </QueryState>
  );
}
