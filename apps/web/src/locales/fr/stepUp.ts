import type en from '../en/stepUp';
import type { Translation } from '../translation';

/** French texts of the `stepUp` key. */
const stepUp: Translation<typeof en> = {
  title: 'Confirmez que c’est bien vous',
  intro:
    'Pour votre sécurité, confirmez que c’est bien vous pour continuer. Nous ne vous le redemanderons pas pendant 10 minutes.',
  password: {
    label: 'Votre mot de passe',
    show: 'Afficher le mot de passe',
    required: 'Saisissez votre mot de passe.',
    switchTo: 'Utiliser plutôt votre mot de passe',
  },
  otp: {
    label: 'Code de votre application d’authentification',
    hint: 'Saisissez le code à 6 chiffres affiché en ce moment par votre application d’authentification.',
    required: 'Saisissez les 6 chiffres de votre application d’authentification.',
    switchTo: 'Utiliser plutôt un code de votre application d’authentification',
  },
  passkey: {
    use: 'Utiliser une clé d’accès',
    notUsed: 'La clé d’accès n’a pas été utilisée. Réessayez, ou confirmez d’une autre façon.',
    or: 'ou',
  },
  noFactor:
    'Ce navigateur ne peut pas utiliser vos clés d’accès. Utilisez un autre appareil ou navigateur pour faire cette modification.',
  confirm: 'Confirmer',
  cancel: 'Annuler',
  failed: 'Nous n’avons pas pu confirmer que c’est bien vous. Veuillez réessayer.',
};

export default stepUp;
