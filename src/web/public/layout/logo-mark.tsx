import { Icon } from '../components/icons.tsx';

/** The brand mark, decorative next to the name: a symbol of the page's icon sprite, drawn in its own colours. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return <Icon name="logo" className="logo-mark" size={size} />;
}
