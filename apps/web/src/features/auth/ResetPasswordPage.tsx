import { makePlaceholder } from '../misc/Placeholder';

export default makePlaceholder('ResetPassword');
