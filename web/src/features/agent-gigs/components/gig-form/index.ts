export { GigForm, type GigFormProps } from './gig-form';
