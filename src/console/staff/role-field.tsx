import { useId, type ReactNode } from 'react';
import { STAFF_ROLES, type StaffRole } from '../../../contract/endpoints/console';
import { useRoleName } from '../roles';

/** A staff role chosen from the roles there are, named in the reader's language. */
export function RoleField({
  label,
  value,
  onChange,
}: {
  label: ReactNode;
  value: StaffRole;
  onChange: (role: StaffRole) => void;
}) {
  const roleName = useRoleName();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input console-select"
        value={value}
        onChange={(event) => onChange(event.target.value as StaffRole)}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {roleName(role)}
          </option>
        ))}
      </select>
    </div>
  );
}
