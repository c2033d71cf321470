import { HomeRoute } from '../features/dashboard/routes/home';
import { useNavItems } from './layout/nav-items';

/** Home with the cards of the screens the user may open (the same list as the navigation). */
export function HomePage() {
  const links = useNavItems()
    .filter((item) => item.route !== 'Home')
    .map((item) => ({
      to: item.to,
      label: item.label,
      description: item.description,
      icon: <item.icon size={22} stroke={1.7} />,
    }));
  return <HomeRoute links={links} />;
}
