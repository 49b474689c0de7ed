import type en from '../en/rateAlerts';
import type { Translation } from '../translation';

/** French texts of the `rateAlerts` key. */
const rateAlerts: Translation<typeof en> = {
  heading: 'Alertes de taux',
  intro:
    'Nous vérifions notre taux à chaque mise à jour et vous prévenons, dans l’application et par e-mail, dès qu’il atteint votre objectif.',
  loading: 'Chargement de vos alertes de taux',
  loadError: 'Impossible de charger vos alertes de taux. Vérifiez votre connexion et réessayez.',
  empty: 'Vous n’avez aucune alerte de taux. Créez-en une depuis le calculateur de votre tableau de bord.',
  toDashboard: 'Aller au calculateur',
  listLabel: 'Vos alertes de taux',
  limitNote: 'Vous pouvez avoir jusqu’à {{max}} alertes.',
  corridor: '{{source}} vers {{target}}, {{country}}',
  when: 'Me prévenir quand 1 {{source}} vaut {{rate}} {{target}}',
  status: {
    active: 'Surveillée',
    paused: 'En pause',
    triggered: 'Atteint',
  },
  reachedOn: 'Atteint le {{date}}',
  createdOn: 'Créée le {{date}}',
  pause: 'Mettre en pause',
  resume: 'Reprendre',
  rearm: 'Surveiller à nouveau',
  delete: 'Supprimer',
  getQuote: 'Obtenir un devis',
  actionLabel: '{{action}} : alerte pour 1 {{source}} à {{rate}} {{target}}',
  paused: 'Alerte mise en pause.',
  resumed: 'Nous surveillons à nouveau le taux.',
  deleted: 'Alerte supprimée.',
  actionError: 'Impossible de modifier cette alerte. Veuillez réessayer.',
  form: {
    open: 'Me prévenir quand le taux monte',
    legend: 'Alerte de taux de {{source}} vers {{target}}',
    before: 'Me prévenir quand 1 {{source}} vaut',
    after: '{{target}}',
    targetLabel: 'Taux visé en {{target}} pour 1 {{source}}',
    now: 'Notre taux actuel : 1 {{source}} = {{rate}} {{target}}',
    submit: 'Créer l’alerte',
    cancel: 'Annuler',
    invalid: 'Saisissez un taux supérieur à zéro, par exemple {{example}}.',
    limitReached: 'Vous pouvez avoir au plus {{max}} alertes de taux. Supprimez-en une pour en ajouter une autre.',
    error: 'Impossible de créer votre alerte. Veuillez réessayer.',
    done: 'C’est fait. Nous vous préviendrons quand 1 {{source}} vaudra {{rate}} {{target}}.',
    seeAll: 'Voir vos alertes de taux',
  },
};

export default rateAlerts;
