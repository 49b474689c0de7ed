/** The checklist is shared with the password-recovery and settings screens: it lives in the design system. */
export { PasswordChecklist } from '@/components/ui/password-checklist';
