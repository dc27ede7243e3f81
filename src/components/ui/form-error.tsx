export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  return (
    <div id={id} className={message ? 'form-error' : 'form-error form-error--empty'} role="alert" aria-live="assertive">
      {message ?? ''}
    </div>
  );
}
