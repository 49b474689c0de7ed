import type { Locale } from '../../../lib/locale.ts';

/** Device details in the new-sign-in alert. */
export interface SignInDetails {
  device: string;
  ip: string;
  time: string;
}

/** Every user-facing string of the api's mails. Each language is complete (the type enforces it). */
export interface MailCatalog {
  common: { ignore: string; notYou: string; timeFormat: string; unknown: string };
  verification: { subject: string; heading: string; code: (code: string) => string; body: string; footer: string };
  mfa: { subject: string; heading: string; code: (code: string) => string; body: string };
  reset: { subject: string; heading: string; body: string; action: string; expiry: string; footer: string };
  passwordChanged: { subject: string; heading: string; body: string; sessions: string };
  newSignIn: {
    subject: string;
    heading: string;
    body: string;
    /** The sign-in was made with this passkey (its name as the customer gave it). */
    withPasskey: (name: string) => string;
    device: string;
    ip: string;
    time: string;
  };
  totpOn: { subject: string; heading: string; body: string };
  /** A passkey was added to or removed from the account (its name as the customer gave it). */
  passkeyAdded: { subject: string; heading: string; body: (name: string) => string };
  passkeyRemoved: { subject: string; heading: string; body: (name: string) => string };
  totpOff: { subject: string; heading: string; body: string };
  /** Too many wrong MFA codes after the right password: the sign-in was ended. */
  signInBlocked: { subject: string; heading: string; body: string; advice: string };
  /** Someone tried to sign up with an address that already has an account. */
  signUpAttempt: { subject: string; heading: string; body: string; advice: string; footer: string };
  /** The code that proves a new email address (docs/product/auth-and-sessions.md#changing-the-email-address). */
  emailChangeCode: { subject: string; heading: string; code: (code: string) => string; body: string; footer: string };
  /** Someone asked to move another account to this address, which already has one: no code was sent. */
  emailChangeAttempt: { subject: string; heading: string; body: string; advice: string; footer: string };
  /** To the old address: the account's email is now another one (shown masked). */
  emailChanged: { subject: string; heading: string; body: (masked: string) => string; notYou: string };
}

const en: MailCatalog = {
  common: {
    ignore: 'If you did not ask for this, you can ignore this email.',
    notYou: 'If this was not you, change your password now.',
    timeFormat: 'en-GB',
    unknown: 'Unknown',
  },
  verification: {
    subject: 'Your verification code',
    heading: 'Verify your email address',
    code: (code) => `Your verification code is ${code}.`,
    body: 'Enter it in the app to verify your email address. It expires in 10 minutes.',
    footer: 'If you did not create an account, you can ignore this email.',
  },
  mfa: {
    subject: 'Your sign-in code',
    heading: 'Finish signing in',
    code: (code) => `Your sign-in code is ${code}.`,
    body: 'Enter it to finish signing in. It expires in 10 minutes.',
  },
  reset: {
    subject: 'Reset your password',
    heading: 'Reset your password',
    body: 'We received a request to reset the password of your account. Use the link below to choose a new one.',
    action: 'Reset password',
    expiry: 'The link works once and expires in 60 minutes.',
    footer: 'If you did not ask to reset your password, you can ignore this email: your password stays the same.',
  },
  passwordChanged: {
    subject: 'Your password was changed',
    heading: 'Your password was changed',
    body: 'The password of your account was just changed.',
    sessions: 'For your security, you have been signed out on every device. Sign in again with your new password.',
  },
  newSignIn: {
    subject: 'New sign-in to your account',
    heading: 'New sign-in from a new device',
    body: 'Your account was just signed in to from a device we have not seen before.',
    withPasskey: (name) => `The sign-in was made with the passkey “${name}”.`,
    device: 'Device',
    ip: 'IP address',
    time: 'Time',
  },
  passkeyAdded: {
    subject: 'A passkey was added to your account',
    heading: 'A passkey was added to your account',
    body: (name) => `The passkey “${name}” was added to your account. It can now be used to sign in.`,
  },
  passkeyRemoved: {
    subject: 'A passkey was removed from your account',
    heading: 'A passkey was removed from your account',
    body: (name) => `The passkey “${name}” was removed from your account. It can no longer be used to sign in.`,
  },
  totpOn: {
    subject: 'Authenticator app turned on',
    heading: 'Authenticator app turned on',
    body: 'From now on, signing in asks for a code from your authenticator app. Keep your recovery codes somewhere safe.',
  },
  totpOff: {
    subject: 'Authenticator app turned off',
    heading: 'Authenticator app turned off',
    body: 'Signing in now asks for a code sent to your email address. Your recovery codes no longer work.',
  },
  signInBlocked: {
    subject: 'Someone tried to sign in to your account',
    heading: 'Someone tried to sign in to your account',
    body: 'Someone entered your password, then too many wrong verification codes. We stopped that sign-in.',
    advice: 'If this was not you, someone knows your password: change it now.',
  },
  signUpAttempt: {
    subject: 'Someone tried to sign up with your email address',
    heading: 'Someone tried to sign up with your email address',
    body: 'Someone tried to create an account with this email address. You already have an account, so nothing was created and nothing changed.',
    advice: 'If it was you, sign in instead, or reset your password if you forgot it.',
    footer: 'If it was not you, you can ignore this email: your account is safe.',
  },
  emailChangeCode: {
    subject: 'Confirm your new email address',
    heading: 'Confirm your new email address',
    code: (code) => `Your confirmation code is ${code}.`,
    body: 'Enter it in the app to make this your account’s email address. It expires in 10 minutes.',
    footer: 'If you did not ask to change your email address, you can ignore this email: nothing changes.',
  },
  emailChangeAttempt: {
    subject: 'Someone tried to use your email address',
    heading: 'Someone tried to use your email address',
    body: 'Someone asked to move another account to this email address. You already have an account with it, so nothing was changed and no code was sent.',
    advice: 'If it was you, sign in to the account that already uses this address instead.',
    footer: 'If it was not you, you can ignore this email: your account is safe.',
  },
  emailChanged: {
    subject: 'Your email address was changed',
    heading: 'Your email address was changed',
    body: (masked) => `The email address of your account is now ${masked}. We will write to that address from now on.`,
    notYou:
      'If this was not you, contact us right away by replying to this email: someone may have access to your account.',
  },
};

const fr: MailCatalog = {
  common: {
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail.',
    notYou: 'Si ce n’était pas vous, changez votre mot de passe dès maintenant.',
    timeFormat: 'fr-FR',
    unknown: 'Inconnu',
  },
  verification: {
    subject: 'Votre code de vérification',
    heading: 'Vérifiez votre adresse e-mail',
    code: (code) => `Votre code de vérification est ${code}.`,
    body: 'Saisissez-le dans l’application pour vérifier votre adresse e-mail. Il expire dans 10 minutes.',
    footer: 'Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.',
  },
  mfa: {
    subject: 'Votre code de connexion',
    heading: 'Terminez votre connexion',
    code: (code) => `Votre code de connexion est ${code}.`,
    body: 'Saisissez-le pour terminer votre connexion. Il expire dans 10 minutes.',
  },
  reset: {
    subject: 'Réinitialisez votre mot de passe',
    heading: 'Réinitialisez votre mot de passe',
    body: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Utilisez le lien ci-dessous pour en choisir un nouveau.',
    action: 'Réinitialiser le mot de passe',
    expiry: 'Le lien ne fonctionne qu’une fois et expire dans 60 minutes.',
    footer: 'Si vous n’avez pas demandé de réinitialisation, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  passwordChanged: {
    subject: 'Votre mot de passe a été modifié',
    heading: 'Votre mot de passe a été modifié',
    body: 'Le mot de passe de votre compte vient d’être modifié.',
    sessions:
      'Par sécurité, vous avez été déconnecté de tous vos appareils. Reconnectez-vous avec votre nouveau mot de passe.',
  },
  newSignIn: {
    subject: 'Nouvelle connexion à votre compte',
    heading: 'Nouvelle connexion depuis un nouvel appareil',
    body: 'Votre compte vient d’être utilisé depuis un appareil que nous ne connaissions pas.',
    withPasskey: (name) => `La connexion a été faite avec la clé d’accès « ${name} ».`,
    device: 'Appareil',
    ip: 'Adresse IP',
    time: 'Heure',
  },
  passkeyAdded: {
    subject: 'Une clé d’accès a été ajoutée à votre compte',
    heading: 'Une clé d’accès a été ajoutée à votre compte',
    body: (name) => `La clé d’accès « ${name} » a été ajoutée à votre compte. Elle permet désormais de vous connecter.`,
  },
  passkeyRemoved: {
    subject: 'Une clé d’accès a été supprimée de votre compte',
    heading: 'Une clé d’accès a été supprimée de votre compte',
    body: (name) =>
      `La clé d’accès « ${name} » a été supprimée de votre compte. Elle ne permet plus de vous connecter.`,
  },
  totpOn: {
    subject: 'Application d’authentification activée',
    heading: 'Application d’authentification activée',
    body: 'Désormais, la connexion demande un code de votre application d’authentification. Conservez vos codes de récupération en lieu sûr.',
  },
  totpOff: {
    subject: 'Application d’authentification désactivée',
    heading: 'Application d’authentification désactivée',
    body: 'La connexion demande maintenant un code envoyé à votre adresse e-mail. Vos codes de récupération ne fonctionnent plus.',
  },
  signInBlocked: {
    subject: 'Quelqu’un a essayé de se connecter à votre compte',
    heading: 'Quelqu’un a essayé de se connecter à votre compte',
    body: 'Quelqu’un a saisi votre mot de passe, puis trop de codes de vérification incorrects. Nous avons interrompu cette connexion.',
    advice: 'Si ce n’était pas vous, quelqu’un connaît votre mot de passe : changez-le dès maintenant.',
  },
  signUpAttempt: {
    subject: 'Quelqu’un a essayé de s’inscrire avec votre adresse e-mail',
    heading: 'Quelqu’un a essayé de s’inscrire avec votre adresse e-mail',
    body: 'Quelqu’un a essayé de créer un compte avec cette adresse e-mail. Vous avez déjà un compte : rien n’a été créé ni modifié.',
    advice: 'Si c’était vous, connectez-vous plutôt, ou réinitialisez votre mot de passe si vous l’avez oublié.',
    footer: 'Si ce n’était pas vous, vous pouvez ignorer cet e-mail : votre compte ne risque rien.',
  },
  emailChangeCode: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    heading: 'Confirmez votre nouvelle adresse e-mail',
    code: (code) => `Votre code de confirmation est ${code}.`,
    body: 'Saisissez-le dans l’application pour en faire l’adresse e-mail de votre compte. Il expire dans 10 minutes.',
    footer: 'Si vous n’avez pas demandé à changer d’adresse e-mail, vous pouvez ignorer cet e-mail : rien ne change.',
  },
  emailChangeAttempt: {
    subject: 'Quelqu’un a essayé d’utiliser votre adresse e-mail',
    heading: 'Quelqu’un a essayé d’utiliser votre adresse e-mail',
    body: 'Quelqu’un a demandé à rattacher un autre compte à cette adresse e-mail. Vous avez déjà un compte avec elle : rien n’a été modifié et aucun code n’a été envoyé.',
    advice: 'Si c’était vous, connectez-vous plutôt au compte qui utilise déjà cette adresse.',
    footer: 'Si ce n’était pas vous, vous pouvez ignorer cet e-mail : votre compte ne risque rien.',
  },
  emailChanged: {
    subject: 'Votre adresse e-mail a été modifiée',
    heading: 'Votre adresse e-mail a été modifiée',
    body: (masked) =>
      `L’adresse e-mail de votre compte est désormais ${masked}. Nous vous écrirons à cette adresse à partir de maintenant.`,
    notYou:
      'Si ce n’était pas vous, contactez-nous immédiatement en répondant à cet e-mail : quelqu’un a peut-être accès à votre compte.',
  },
};

export const catalogs: Record<Locale, MailCatalog> = { en, fr };
