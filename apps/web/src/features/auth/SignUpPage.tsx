import { makePlaceholder } from '../misc/Placeholder';

export default makePlaceholder('SignUp');
