import type en from '../en/passkeys';
import type { Translation } from '../translation';

/** French texts of the `passkeys` key. */
const passkeys: Translation<typeof en> = {
  section: {
    heading: 'Clés d’accès',
    intro:
      'Connectez-vous avec votre empreinte, votre visage ou le verrouillage de l’écran au lieu de votre mot de passe et d’un code. Une clé d’accès reste sur votre appareil et ne peut être ni hameçonnée ni devinée.',
    loading: 'Chargement de vos clés d’accès',
    loadError: 'Impossible de charger vos clés d’accès. Vérifiez votre connexion et réessayez.',
    listLabel: 'Vos clés d’accès',
    empty:
      'Vous n’avez pas encore ajouté de clé d’accès. Ajoutez-en une sur chaque téléphone ou ordinateur que vous utilisez, puis connectez-vous d’une simple touche.',
    added: 'Ajoutée le {{date}}',
    lastUsed: 'Dernière utilisation le {{date}}',
    neverUsed: 'Jamais utilisée',
    unsupported:
      'Ce navigateur ne peut pas créer de clé d’accès. Pour en ajouter une, utilisez un navigateur à jour comme Chrome, Safari, Edge ou Firefox.',
  },
  add: {
    button: 'Ajouter une clé d’accès',
    formLabel: 'Ajouter une clé d’accès',
    nameLabel: 'Nom de la clé d’accès',
    nameHint: 'Pour distinguer vos clés d’accès, par exemple par l’appareil qui la garde.',
    nameRequired: 'Saisissez un nom pour cette clé d’accès.',
    nameTooLong: 'Utilisez 60 caractères au plus.',
    submit: 'Créer la clé d’accès',
    cancel: 'Annuler',
    deviceName: '{{browser}} sur {{os}}',
    defaultName: 'Ma clé d’accès',
    cancelled: 'Aucune clé d’accès n’a été créée. Réessayez quand vous serez prêt.',
    alreadyRegistered: 'Cet appareil a déjà une clé d’accès pour votre compte.',
    failed: 'Impossible d’ajouter la clé d’accès. Veuillez réessayer.',
    success: 'Clé d’accès « {{name}} » ajoutée. Vous pourrez l’utiliser à votre prochaine connexion.',
  },
  remove: {
    button: 'Supprimer',
    buttonLabel: 'Supprimer la clé d’accès {{name}}',
    title: 'Supprimer « {{name}} » ?',
    body: 'Vous ne pourrez plus vous connecter avec cette clé d’accès. Vous pouvez en ajouter une nouvelle à tout moment.',
    confirm: 'Supprimer la clé d’accès',
    cancel: 'Annuler',
    success: 'Clé d’accès « {{name}} » supprimée.',
    failed: 'Impossible de supprimer la clé d’accès. Veuillez réessayer.',
  },
  signIn: {
    or: 'ou',
    button: 'Se connecter avec une clé d’accès',
    cancelled: 'Connexion par clé d’accès annulée. Réessayez, ou utilisez votre e-mail et votre mot de passe.',
    failed: 'Votre clé d’accès n’a pas pu être utilisée. Réessayez, ou utilisez votre e-mail et votre mot de passe.',
  },
  mfa: {
    button: 'Utiliser plutôt une clé d’accès',
    cancelled: 'La clé d’accès n’a pas été utilisée. Réessayez, ou saisissez le code.',
    failed: 'Votre clé d’accès n’a pas pu être utilisée. Réessayez, ou saisissez le code.',
  },
};

export default passkeys;
