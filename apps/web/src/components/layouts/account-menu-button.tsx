import { ChevronDownIcon, UserIcon } from '../ui/icons';

/** The face of the 'Mon espace' button, the same before and after the menu's code has arrived. */
export function AccountMenuButtonContent() {
  return (
    <>
      <UserIcon />
      <span>Mon espace</span>
      <ChevronDownIcon size={16} />
    </>
  );
}
