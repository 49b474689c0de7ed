import type en from '../en/devices';
import type { Translation } from '../translation';

/** French texts of the `devices` key. */
const devices: Translation<typeof en> = {
  intro:
    'Voici les navigateurs et appareils connectés à votre compte. Si vous n’en reconnaissez pas un, déconnectez-le et changez votre mot de passe.',
  loading: 'Chargement de vos appareils',
  loadError: 'Impossible de charger vos appareils. Vérifiez votre connexion et réessayez.',
  listLabel: 'Appareils connectés',
  empty: 'Aucun autre appareil n’est connecté à votre compte.',
  unknownBrowser: 'Navigateur inconnu',
  unknownSystem: 'Système inconnu',
  deviceName: '{{browser}} sur {{os}}',
  thisDevice: 'Cet appareil',
  pendingMfa: 'En attente du code de connexion',
  lastActive: 'Dernière activité : {{time}}',
  signedInWithPasskey: 'Connecté avec la clé d’accès « {{name}} »',
  signOut: 'Déconnecter',
  signOutDevice: 'Déconnecter {{device}}',
  confirmQuestion: 'Déconnecter {{device}} ? Le mot de passe et un code seront nécessaires pour se reconnecter.',
  confirm: 'Oui, déconnecter',
  cancel: 'Annuler',
  signedOut: '{{device}} a été déconnecté.',
  alreadySignedOut: '{{device}} était déjà déconnecté.',
  currentDeviceError: 'C’est l’appareil que vous utilisez. Utilisez plutôt « Se déconnecter » en haut de la page.',
  signOutError: 'Impossible de déconnecter cet appareil. Veuillez réessayer.',
};

export default devices;
