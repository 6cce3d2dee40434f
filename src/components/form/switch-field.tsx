import { Switch, View } from '@tarojs/components';
import { FormField, type FormFieldProps } from './index';

export interface SwitchFieldProps extends Omit<FormFieldProps, 'children' | 'error' | 'hint'> {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's colour when on (the brand's, as a CSS value). */
  color?: string;
}

/**
 * A labelled on/off field. Its own file, not in './index': only the forms that show a switch carry
 * Taro's Switch.
 */
export function SwitchField({ checked, onChange, color, ...field }: SwitchFieldProps) {
  return (
    <FormField {...field} className={`form-field--switch ${field.className ?? ''}`}>
      <View className="form-field__switch">
        <Switch
          checked={checked}
          color={color}
          aria-label={field.label}
          // H5: Taro's switch draws an <input type="checkbox"> inside its own element and hands
          // that input only `nativeProps`: without them the checkbox had no name (Lighthouse
          // `label`, screen readers said "checkbox").
          nativeProps={{ 'aria-label': field.label }}
          onChange={(event) => onChange(Boolean(event.detail.value))}
        />
      </View>
    </FormField>
  );
}
