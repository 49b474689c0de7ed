import type en from '../en/security';
import type { Translation } from '../translation';

/** French texts of the `security` key. */
const security: Translation<typeof en> = {
  otp: {
    label: 'Code de vérification',
    hint: 'Saisissez le code à 6 chiffres. Vous pouvez le coller.',
  },
  resend: {
    now: 'Renvoyer le code',
    in: 'Renvoyer le code dans {{time}}',
    sent: 'Un nouveau code a été envoyé.',
    available: 'Vous pouvez maintenant demander un nouveau code.',
  },
  mfa: {
    heading: 'Vérification en deux étapes',
    introEmail:
      'Nous avons envoyé un code à 6 chiffres à {{email}}. Saisissez-le ci-dessous. Le code expire dans 10 minutes.',
    introEmailNoAddress:
      'Nous avons envoyé un code à 6 chiffres à votre adresse e-mail. Saisissez-le ci-dessous. Le code expire dans 10 minutes.',
    introTotp: 'Ouvrez votre application d’authentification et saisissez le code à 6 chiffres affiché pour Remit.',
    introUnknown:
      'Saisissez le code à 6 chiffres reçu par e-mail ou celui affiché par votre application d’authentification.',
    introRecovery:
      'Saisissez l’un des codes de récupération enregistrés lors de la configuration de l’application d’authentification.',
    recoveryLabel: 'Code de récupération',
    recoveryHint: 'Il a la forme xxxxx-xxxxx. Chaque code de récupération ne sert qu’une fois.',
    useRecovery: 'Utiliser plutôt un code de récupération',
    useApp: 'Utiliser plutôt un code de l’application d’authentification',
    submit: 'Vérifier',
    codeRequired: 'Saisissez le code à 6 chiffres.',
    recoveryRequired: 'Saisissez un code de récupération de la forme xxxxx-xxxxx.',
    tooManyRequests: 'Trop de tentatives. Patientez un instant puis réessayez.',
    spamHint: 'Vous n’avez pas reçu le code ? Vérifiez vos courriers indésirables ou demandez-en un nouveau.',
    signOut: 'Se déconnecter',
    loading: 'Chargement de votre session',
  },
  forgot: {
    heading: 'Mot de passe oublié ?',
    intro:
      'Saisissez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    submit: 'Envoyer le lien',
    sentTitle: 'Consultez vos e-mails',
    sent: 'Si un compte existe pour cet e-mail, nous avons envoyé un lien pour réinitialiser votre mot de passe. Le lien expire dans 60 minutes.',
    tryAgain: 'Utiliser une autre adresse e-mail',
    backToSignIn: 'Retour à la connexion',
  },
  reset: {
    heading: 'Choisissez un nouveau mot de passe',
    intro: 'Choisissez un mot de passe que vous n’utilisez nulle part ailleurs.',
    newPassword: 'Nouveau mot de passe',
    showNewPassword: 'Afficher le nouveau mot de passe',
    confirmPassword: 'Confirmer le nouveau mot de passe',
    showConfirmPassword: 'Afficher la confirmation du nouveau mot de passe',
    passwordsDiffer: 'Les mots de passe ne correspondent pas.',
    submit: 'Réinitialiser le mot de passe',
    invalidLinkTitle: 'Ce lien ne fonctionne pas',
    invalidLink:
      'Le lien de réinitialisation est invalide ou incomplet. Demandez un nouveau lien et utilisez-le dans les 60 minutes.',
    requestNewLink: 'Demander un nouveau lien',
    backToSignIn: 'Retour à la connexion',
  },
  settings: {
    heading: 'Paramètres',
    loadError: 'Impossible de charger cette section. Vérifiez votre connexion et réessayez.',
    cancel: 'Annuler',
    copy: {
      copied: 'Copié dans le presse-papiers.',
      failed: 'La copie a échoué. Sélectionnez le texte et copiez-le vous-même.',
    },
    profile: {
      heading: 'Profil et coordonnées',
      email: 'E-mail',
      verified: 'Vérifié',
      notVerified: 'Non vérifié',
      crn: 'Référence client (CRN)',
      name: 'Nom complet',
      dateOfBirth: 'Date de naissance',
      nationality: 'Nationalité',
      country: 'Pays de résidence',
      address: 'Adresse du domicile',
      notProvided: 'Non renseigné',
    },
    mobile: {
      heading: 'Numéro de mobile',
      change: 'Modifier',
      changeLabel: 'Modifier le numéro de mobile',
      add: 'Ajouter',
      addLabel: 'Ajouter un numéro de mobile',
      changeTitle: 'Modifier votre numéro de mobile',
      addTitle: 'Ajouter un numéro de mobile',
      loadingCountries: 'Chargement des pays',
      countriesError: 'Impossible de charger la liste des pays. Vérifiez votre connexion et réessayez.',
      country: 'Pays',
      countryPlaceholder: 'Choisissez un pays',
      countryRequired: 'Choisissez le pays de votre numéro de mobile.',
      number: 'Numéro de mobile',
      numberHint: 'Sans l’indicatif du pays, par exemple 7700 900123.',
      numberRequired: 'Saisissez votre numéro de mobile.',
      numberInvalid: 'Saisissez un numéro de mobile de 4 à 15 chiffres.',
      save: 'Enregistrer',
      updated: 'Votre numéro de mobile a été mis à jour.',
    },
    language: {
      heading: 'Langue',
      intro: 'La langue de l’application sur cet appareil.',
    },
    security: {
      heading: 'Sécurité',
    },
    changePassword: {
      heading: 'Changer de mot de passe',
      intro:
        'Vous serez déconnecté de tous vos appareils, puis vous vous reconnecterez avec votre nouveau mot de passe.',
      current: 'Mot de passe actuel',
      showCurrent: 'Afficher le mot de passe actuel',
      currentRequired: 'Saisissez votre mot de passe actuel.',
      submit: 'Changer de mot de passe',
    },
    mfa: {
      heading: 'Vérification en deux étapes',
      method: 'Méthode',
      email: 'Code envoyé par e-mail',
      totp: 'Application d’authentification',
      recoveryRemaining: 'Codes de récupération restants : {{count}}',
      setUp: 'Configurer l’application d’authentification',
      turnOff: 'Désactiver l’application d’authentification',
      regenerate: 'Générer de nouveaux codes de récupération',
      loading: 'Chargement des paramètres de vérification en deux étapes',
      turnedOff:
        'L’application d’authentification est désactivée. Nous vous enverrons un code par e-mail à la connexion.',
      turnedOn: 'L’application d’authentification est activée. Vous l’utiliserez à la connexion.',
      turnOffQuestion: 'Désactiver l’application d’authentification ? Nous vous enverrons les codes par e-mail.',
      turnOffConfirm: 'Désactiver',
      regenerateQuestion: 'Remplacer vos codes de récupération ? Les anciens codes ne fonctionneront plus.',
      regenerateConfirm: 'Générer les codes',
    },
    totp: {
      heading: 'Configurer l’application d’authentification',
      scan: '1. Scannez ce QR code avec votre application d’authentification.',
      qrAlt: 'QR code pour ajouter Remit à votre application d’authentification',
      manual: 'Impossible de le scanner ? Saisissez cette clé de configuration dans l’application :',
      secretLabel: 'Clé de configuration',
      copySecret: 'Copier la clé de configuration',
      enterCode: '2. Saisissez le code à 6 chiffres affiché par l’application.',
      codeLabel: 'Code de l’application',
      confirm: 'Activer',
    },
    recovery: {
      heading: 'Enregistrez vos codes de récupération',
      intro:
        'Si vous perdez votre téléphone, chacun de ces codes vous permet de vous connecter une fois. Conservez-les en lieu sûr : ils ne seront plus affichés.',
      listLabel: 'Codes de récupération',
      copy: 'Copier les codes',
      download: 'Télécharger (.txt)',
      fileHeader: 'Codes de récupération Remit. Chaque code ne sert qu’une fois.',
      saved: 'Je les ai enregistrés',
    },
  },
};

export default security;
