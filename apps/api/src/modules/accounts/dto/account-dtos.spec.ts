import { createValidationPipe } from '../../../common/validation/validation.pipe';
import { FieldValidationError } from '../../../common/errors/domain-error';
import { EmailDto } from './email.dto';
import { LoginDto } from './login.dto';
import { ResetPasswordDto } from './reset-password.dto';
import { DeleteUserDto } from './delete-user.dto';
import { SignUpDto } from './sign-up.dto';
import { UpdateUserDto } from './update-user.dto';

/** Runs the app's global validation pipe: either the transformed DTO or the 400's field errors. */
async function validate<T extends object>(metatype: new () => T, body: unknown): Promise<{ value?: T; errors?: Record<string, string[]> }> {
  try {
    return { value: (await createValidationPipe().transform(body, { type: 'body', metatype })) as T };
  } catch (error) {
    if (error instanceof FieldValidationError) return { errors: error.errors };
    throw error;
  }
}

const signUp = {
  lastName: 'Durand', firstName: 'Élodie', mail: 'Elodie@Exemple.FR', password: 'Bonjour-2026!', passwordConfirm: 'Bonjour-2026!',
};

describe('account DTOs (French messages, one DTO for JSON and form bodies)', () => {
  it('normalises a form sign-up: lower-cased e-mail, 0/1 newsletter, "null" activity area, unknown fields dropped', async () => {
    const { value } = await validate(SignUpDto, { ...signUp, newsletter: '1', activityArea: 'null', job: '  ', isAdmin: 'true' });
    expect(value).toEqual({ ...signUp, mail: 'elodie@exemple.fr', newsletter: true, activityArea: null, job: null });
    expect(value).not.toHaveProperty('isAdmin');
    expect((await validate(SignUpDto, { ...signUp, activityArea: '4', newsletter: 0 })).value).toMatchObject({ activityArea: 4, newsletter: false });
  });

  it.each([
    ['lastName', undefined, 'Le champ « nom » est obligatoire.'],
    ['lastName', 42, 'La valeur du champ « nom » n’est pas valide.'],
    ['firstName', 'x'.repeat(101), 'Le champ « prénom » ne doit pas dépasser 100 caractères.'],
    ['mail', undefined, 'Le champ « adresse e-mail » est obligatoire.'],
    ['mail', ['a@exemple.fr', 'b@exemple.fr'], 'L’adresse e-mail n’est pas valide.'],
    ['mail', 'x'.repeat(250) + '@exemple.fr', 'Le champ « adresse e-mail » ne doit pas dépasser 254 caractères.'],
    ['password', undefined, 'Le champ « mot de passe » est obligatoire.'],
    ['password', 'court', 'Le mot de passe doit contenir de 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.'],
    ['passwordConfirm', undefined, 'Le champ « confirmation du mot de passe » est obligatoire.'],
    ['passwordConfirm', 'Bonjour-2027!', 'La confirmation ne correspond pas au mot de passe.'],
    ['job', { a: 1 }, 'La valeur du champ « métier » n’est pas valide.'],
    ['activityArea', 'abc', 'Ce secteur d’activité n’existe pas.'],
    ['activityArea', '99999999999', 'Ce secteur d’activité n’existe pas.'],
    ['newsletter', 'peut-être', 'Le champ « newsletter » doit valoir vrai ou faux.'],
  ])('sign-up: %s = %j → %s', async (field, value, message) => {
    const { errors } = await validate(SignUpDto, { ...signUp, [field]: value });
    expect(errors?.[field]).toEqual([message]);
  });

  it('update: everything optional, empty password fields mean "unchanged"', async () => {
    expect((await validate(UpdateUserDto, {})).value).toEqual({});
    const { value } = await validate(UpdateUserDto, { password: '', passwordConfirm: '', oldPassword: '', firstName: ' Inès ' });
    expect(value).toEqual({ firstName: 'Inès' });
  });

  it('update: a new password needs a matching confirmation; a blank name is refused', async () => {
    expect((await validate(UpdateUserDto, { password: 'Nouveau-2026!' })).errors).toEqual({ passwordConfirm: ['Le champ « confirmation du mot de passe » est obligatoire.'] });
    expect((await validate(UpdateUserDto, { password: 'Nouveau-2026!', passwordConfirm: 'Autre-2026!' })).errors).toEqual({ passwordConfirm: ['La confirmation ne correspond pas au mot de passe.'] });
    expect((await validate(UpdateUserDto, { passwordConfirm: 'Nouveau-2026!' })).errors).toEqual({ passwordConfirm: ['La confirmation ne correspond pas au mot de passe.'] });
    expect((await validate(UpdateUserDto, { lastName: '' })).errors).toEqual({ lastName: ['Le champ « nom » est obligatoire.'] });
  });

  it('login, e-mail, reset and delete payloads answer in French', async () => {
    expect((await validate(LoginDto, {})).errors).toEqual({
      username: ['Le champ « adresse e-mail » est obligatoire.'], password: ['Le champ « mot de passe » est obligatoire.'],
    });
    expect((await validate(EmailDto, { email: 'pas-une-adresse' })).errors).toEqual({ email: ['L’adresse e-mail n’est pas valide.'] });
    expect((await validate(ResetPasswordDto, { email: 'a@exemple.fr', password: 'Bonjour-2026!', passwordConfirm: 'Bonjour-2026!' })).errors)
      .toEqual({ token: ['Ce lien de réinitialisation n’est plus valide : il a déjà servi ou il a expiré. Demandez-en un nouveau.'] });
    expect((await validate(DeleteUserDto, {})).errors).toEqual({ oldPassword: ['Saisissez votre mot de passe pour supprimer votre compte.'] });
  });
});
