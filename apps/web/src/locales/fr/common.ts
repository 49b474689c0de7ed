import type en from '../en/common';
import type { Translation } from '../translation';

/** The base texts in French, complete (the type refuses a missing key). */
const common: Translation<typeof en> = {
  app: {
    name: 'Remit',
    skipToContent: 'Aller au contenu principal',
    loading: 'Chargement…',
    language: 'Langue',
    mainNav: 'Principal',
  },
  titles: {
    default: 'Titre par défaut',
    signIn: 'Connexion',
    onboardingWorkflow: 'Finaliser l’inscription',
    transferWizard: 'Envoyer de l’argent',
    paymentCallback: 'Paiement en cours',
    limits: 'Vos plafonds',
  },
  screens: {
    onboardingWorkflow: 'Finaliser l’inscription',
    dashboard: 'Tableau de bord',
    transferWizard: 'Envoyer de l’argent',
    makePayment: 'Payer votre transfert',
    paymentCallback: 'Paiement en cours',
    transactions: 'Transactions',
    viewTransaction: 'Détails de la transaction',
    recipients: 'Bénéficiaires',
    viewRecipient: 'Détails du bénéficiaire',
    accountVerification: 'Vérification du compte',
    categoryView: 'Téléverser des documents',
    devices: 'Appareils',
    limits: 'Vos plafonds',
  },
  nav: {
    dashboard: 'Tableau de bord',
    transactions: 'Transactions',
    recipients: 'Bénéficiaires',
    limits: 'Plafonds',
    settings: 'Paramètres',
    signOut: 'Se déconnecter',
    menu: 'Menu',
  },
  errors: {
    heading: 'Une erreur est survenue',
    body: 'Impossible de charger cette page. Vérifiez votre connexion et réessayez.',
    retry: 'Réessayer',
    notFoundHeading: 'Page introuvable',
    notFoundBody: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    backHome: 'Aller à la connexion',
    generic: 'Une erreur est survenue. Veuillez réessayer.',
  },
  form: {
    email: 'E-mail',
    password: 'Mot de passe',
    confirmPassword: 'Confirmez le mot de passe',
    showPassword: 'Afficher le mot de passe',
    showConfirmPassword: 'Afficher la confirmation du mot de passe',
    emailRequired: 'Saisissez votre adresse e-mail.',
    emailInvalid: 'Saisissez une adresse e-mail valide.',
    passwordRequired: 'Saisissez votre mot de passe.',
    confirmPasswordRequired: 'Confirmez votre mot de passe.',
  },
  signIn: {
    heading: 'Connexion',
    intro: 'Bon retour. Connectez-vous pour envoyer de l’argent.',
    rememberMe: 'Se souvenir de moi',
    forgotPassword: 'Mot de passe oublié ?',
    submit: 'Se connecter',
    noAccount: 'Nouveau ici ?',
    signUpInstead: 'Créer un compte',
    loginFailed: 'Échec de la connexion',
    refererChangePassword:
      'Votre mot de passe a bien été modifié. Veuillez vous connecter avec votre nouveau mot de passe.',
    refererResetPassword:
      'Votre mot de passe a bien été réinitialisé. Veuillez vous connecter avec votre nouveau mot de passe.',
  },
  signUp: {
    heading: 'Créez votre compte',
    intro: 'Envoyez de l’argent à l’étranger rapidement, en toute sécurité et à un taux juste.',
    close: 'Fermer et aller sur le site de Remit',
    passwordRules: 'Votre mot de passe doit contenir :',
    loadingPolicy: 'Chargement des règles du mot de passe',
    rulePassed: 'respectée',
    ruleFailed: 'non respectée',
    ruleNeutral: 'pas encore vérifiée',
    terms:
      'J’accepte la <privacyLink>politique de confidentialité</privacyLink> & les <termsLink>conditions d’utilisation</termsLink>',
    opensInNewTab: '(s’ouvre dans un nouvel onglet)',
    submit: 'Continuer',
    haveAccount: 'Vous avez déjà un compte ?',
    signInInstead: 'Se connecter',
    checkingConnection: 'Vérification de votre connexion…',
  },
};

export default common;
